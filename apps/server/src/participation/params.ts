import { z } from 'zod';
import { idParam } from '@huodong/domain';

/** The path parameters every reader call shares: the organisation, and the activity `:id`. */
export const orgParams = z.object({ org: z.string() });
export const actParams = orgParams.extend({ id: idParam });
