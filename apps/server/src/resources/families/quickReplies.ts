import { isNull } from 'drizzle-orm';
import { orgQuickRepliesResource, quickRepliesResource } from '@huodong/domain';
import { quickReplies } from '../../db/schema.js';
import { bind } from '../binding.js';

/** The platform's quick replies (`/v1/quickReplies`): the rows without an organisation. */
export const quickRepliesBinding = bind({ def: quickRepliesResource, table: quickReplies, narrow: isNull(quickReplies.org_id), hidden: ['org_id'] });

/** The organisation's own (`/v1/{org}/quick`, adminQuick) on the same table; reviews offer both (`/check/quick`). */
export const orgQuickRepliesBinding = bind({ def: orgQuickRepliesResource, table: quickReplies });
