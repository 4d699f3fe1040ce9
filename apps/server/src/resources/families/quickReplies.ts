import { quickRepliesResource } from '@huodong/domain';
import { quickReplies } from '../../db/schema.js';
import { bind } from '../binding.js';

/** Served whole by the generic machinery: the declaration is the family. */
export const quickRepliesBinding = bind({ def: quickRepliesResource, table: quickReplies });
