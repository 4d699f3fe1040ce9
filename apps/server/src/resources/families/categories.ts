import { categoriesResource } from '@huodong/domain';
import { categories } from '../../db/schema.js';
import { bind } from '../binding.js';

/** Served whole by the generic machinery: the declaration is the family. */
export const categoriesBinding = bind({ def: categoriesResource, table: categories });
