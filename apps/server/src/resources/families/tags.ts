import { tagsResource } from '@huodong/domain';
import { tags } from '../../db/schema.js';
import { bind } from '../binding.js';

/** Served whole by the generic machinery: the declaration is the family. */
export const tagsBinding = bind({ def: tagsResource, table: tags });
