import { scopesResource } from '@huodong/domain';
import { scopes } from '../../db/schema.js';
import { bind } from '../binding.js';

/** Served whole by the generic machinery: the declaration is the family. */
export const scopesBinding = bind({ def: scopesResource, table: scopes });
