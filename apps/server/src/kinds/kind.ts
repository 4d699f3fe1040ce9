import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACTIVITY_KINDS, type ActivityType } from '@huodong/domain';
import type { Tx } from '../db/client.js';
import type { activities } from '../db/schema.js';
import type { ResourceBinding } from '../resources/binding.js';
import type { CheckKind } from '../routes/checkQueue.js';

/** A create or update of one activity of the kind, as the activities family's `prepare` sees it. */
export interface KindWrite {
  type: ActivityType;
  /** The body's values as they will be stored: a kind sets `config` (and its own columns) here. */
  values: Record<string, unknown>;
  existing: ActivityRow | undefined;
  /** The organisation of the path. */
  orgId: number;
  tx: Tx;
}

/**
 * One kind of the product (issue 21): everything the shared machinery asks of it, declared once in
 * its folder `kinds/<kind>/kind.ts` and listed in `kinds/index.ts`. The activities family, the
 * review queue, the resource registry and the app's routes read the list; nothing else branches
 * on an activity's type. A kind without activity types of its own (judging, certificates) serves
 * the activities of others through its routes.
 */
export interface ActivityKind {
  name: string;
  /** The activity types it serves (the spec's `type`), none for a kind serving others' activities. */
  types: readonly ActivityType[];
  /** The settings as stored from a body: defaults, derived values, refusals that need the database. */
  prepare?(write: KindWrite): Promise<void> | void;
  /** What follows a create or update of one of its activities, in the same transaction (type 5 keeps a single activity's one session). */
  afterWrite?(tx: Tx, row: ActivityRow): Promise<void>;
  /** Why the activity may not be published yet, naming its setting (null: it may). */
  publishProblem?(tx: Tx, row: ActivityRow): Promise<string | null> | string | null;
  /** Checks at 发布 that refuse with their own field errors (a contest's paper against its rules). */
  assertReady?(tx: Tx, row: ActivityRow): Promise<void>;
  /** The settings a copy (复制) starts with; the same as the original's when absent. */
  copyConfig?(config: Record<string, unknown>): Record<string, unknown>;
  /** Its kinds of reader content in the review queue (审核). */
  checkKinds?: readonly CheckKind[];
  /** Its declared resources' bindings (lists, sub-resources, figures tables). */
  bindings?: readonly ResourceBinding[];
  /** Its own routes (admin pages beyond its resources, reader calls), each registered encapsulated. */
  routes?: readonly ((app: FastifyInstance) => Promise<void>)[];
  /**
   * Its figures: the routes answering its count pages (`kinds/<kind>/figures.ts`, its queries on
   * the shared helpers of `figures/`), registered encapsulated like its routes.
   */
  figures?: (app: FastifyInstance) => Promise<void>;
  /** Set-up on the app itself, not encapsulated (a job kind defined on the app's runner). */
  setup?(app: FastifyInstance): Promise<void>;
}

/** An activity as stored (every kind's settings in `config`, read through the kind's own getters). */
export type ActivityRow = typeof activities.$inferSelect;

/**
 * The activity of the path through its type's declaration, typed: another organisation's, a
 * deleted one or one of another type answers 404 as a missing one. The one place where the
 * resource service's untyped row becomes an activity (its table is `activities`).
 */
export async function activityOfPath(app: FastifyInstance, request: FastifyRequest, type: ActivityType, id: number): Promise<ActivityRow> {
  return (await app.resources.get(ACTIVITY_KINDS[type].name)!.get(request, id)) as ActivityRow;
}
