import { z } from 'zod';
import type { FieldOption } from '../resource.js';
import { IDENTITY_CATEGORIES, IDENTITY_MAX, IDENTITY_MIN, SEX } from '../rules/constants.js';
import { IDENTITY_INVALID, SEX_INVALID } from '../rules/messages.js';

/** Field pieces shared by the orgUsers and students declarations (not exported from the package). */

/** Options of the sex and identity columns, from the domain constants. */
export const SEX_OPTIONS: FieldOption[] = Object.entries(SEX).map(([v, label]) => ({ value: Number(v), label }));
export const IDENTITY_OPTIONS: FieldOption[] = Object.entries(IDENTITY_CATEGORIES).map(([v, label]) => ({ value: Number(v), label }));

export const sexField = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: SEX_INVALID });
export const identityField = z
  .number({ error: IDENTITY_INVALID })
  .int(IDENTITY_INVALID)
  .min(IDENTITY_MIN, IDENTITY_INVALID)
  .max(IDENTITY_MAX, IDENTITY_INVALID);
