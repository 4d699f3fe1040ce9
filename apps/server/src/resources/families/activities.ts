import type { FastifyRequest } from 'fastify';
import { and, eq, gt, inArray, lte, or, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { ACTIVITY_RESOURCES, activityStateOf, CHECK_WAITING, operateTimeRefusal, type ActivityType, type ResourceDef } from '@huodong/domain';
import { activities, activityGroupItems, organizations } from '../../db/schema.js';
import { badRequest, forbidden, validationError } from '../../http/errors.js';
import { bind, type ReadContext, type ResourceBinding, type Row } from '../binding.js';
import type { Tx } from '../../db/client.js';
import { assertReaders, assertUnits, copyActivityReaders, setActivityReaders } from '../../participation/scope.js';
import { withJoinTotals } from '../../participation/joinCount.js';
import { checkConfigOf } from './checkConfig.js';
import { operateTimeOf } from './operateTime.js';
import { assertTags } from './tags.js';
import type { ActivityKind, ActivityRow } from '../../kinds/kind.js';

import { nowSec } from '../../participation/clock.js';

export const ACTIVITY_TYPE_NOT_ENABLED = '本机构未开通该活动类型';

/** An explicit state (spec §4: 1–3 win over the times). */
const explicit = sql`${activities.state} in (1, 2, 3)`;

/**
 * The computed activity state as SQL (spec §4, `activityStateOf`): an explicit state wins;
 * otherwise now ≥ end is finished, start ≤ now < end in progress, before start not started.
 */
export function activityStateWhere(state: number, now = nowSec()): SQL | undefined {
  // Parenthesised: inside and(...) an unbracketed OR would let any non-explicit row through.
  const computed = sql`(${activities.state} is null or not (${explicit}))`;
  switch (state) {
    case 1:
      return or(eq(activities.state, 1), and(computed, gt(activities.start_at, now)));
    case 2:
      return or(eq(activities.state, 2), and(computed, lte(activities.start_at, now), gt(activities.end_at, now)));
    case 3:
      return or(eq(activities.state, 3), and(computed, lte(activities.end_at, now)));
    default:
      return undefined;
  }
}

/** Activities carrying the tag (the lists' 标签 filter; `activities_tag_ids_idx`). */
export const taggedWhere = (tagId: number): SQL => sql`${activities.tag_ids} @> ${JSON.stringify([tagId])}::jsonb`;

/** The state label's value of each row (`act_state`), as the list shows and filters it. */
export const withActState = (rows: Row[]): Row[] =>
  rows.map((r) => ({ ...r, act_state: activityStateOf({ start_at: r.start_at as number, end_at: r.end_at as number, state: r.state as number | null }, nowSec()) }));

/** Rows as lists show them: their state and their whole join count (`participation/joinCount.ts`). */
export const withActFacts = async (rows: Row[], ctx: ReadContext): Promise<Row[]> => withJoinTotals(ctx.request.server.database.db, withActState(rows));

type Scope = { unit_ids?: number[]; identities?: number[]; grades?: number[]; reader_ids?: number[]; whitelist_mode?: 'ALL' | 'LIST' };

/** A body's reader list, between `prepare` (checked) and `after` (written with the activity's id). */
const pickedReaders = new WeakMap<FastifyRequest, number[]>();

/**
 * The scope as stored: units must be the organisation or below it, named readers readers of the
 * organisation. The reader list is not kept in the JSON but in `activity_readers`; the JSON says
 * whether there is one (`whitelist_mode`). A body without `reader_ids` leaves the list as it is.
 */
async function prepareScope(tx: Tx, orgId: number, scope: Scope, request: FastifyRequest): Promise<Scope> {
  const { reader_ids, ...rest } = scope;
  if (rest.unit_ids?.length) {
    rest.unit_ids = [...new Set(rest.unit_ids)];
    await assertUnits(tx, orgId, rest.unit_ids, 'scope.unit_ids', '参与单位');
  }
  if (reader_ids === undefined) return rest;
  const ids = await assertReaders(tx, orgId, reader_ids, 'scope.reader_ids');
  pickedReaders.set(request, ids);
  return { ...rest, whitelist_mode: ids.length ? 'LIST' : 'ALL' };
}

/**
 * Every activity type on the one `activities` table: soft delete, the computed state, the
 * organisation's authorised types, publishing through the type's checks, copy. What differs by
 * type is its kind's (`kinds/<kind>/kind.ts`); a declared type no kind serves yet has none.
 */
function activityBinding(def: ResourceDef, kind: ActivityKind | undefined): ResourceBinding {
  const type = def.fixed!.type as ActivityType;
  return bind({
    def,
    table: activities,
    softDelete: 'is_delete',
    present: withActFacts,
    ruledRows: (rows, tx) => withJoinTotals(tx, rows),
    filters: { act_state: (value) => activityStateWhere(value as number), tag_ids: (value) => taggedWhere(value as number) },
    async prepare(values, { existing, tx, org, request }) {
      if (values.tag_ids) values.tag_ids = await assertTags(tx, org!.id, values.tag_ids as number[]);
      if (values.scope) values.scope = await prepareScope(tx, org!.id, values.scope as Scope, request);
      // The rows of this binding are activities (its table): typed once here for the kind.
      await kind?.prepare?.({ type, values, existing: existing as ActivityRow | undefined, orgId: org!.id, tx });
      return values;
    },
    async guard(action, rows, { tx, org, caller }) {
      if (action === 'create') {
        const [o] = await tx.select({ types: organizations.activity_types }).from(organizations).where(eq(organizations.id, org!.id));
        if (!o?.types.includes(type)) throw forbidden(ACTIVITY_TYPE_NOT_ENABLED);
      }
      if (action === 'publish') {
        // Organisations publish only inside the platform's window (/v1/OperateTime); the platform at any time.
        const outside = caller.kind === 'super' ? null : operateTimeRefusal(await operateTimeOf(tx), nowSec());
        if (outside) throw badRequest(outside);
        for (const row of rows) {
          const problem = (await kind?.publishProblem?.(tx, row as ActivityRow)) ?? null;
          if (problem) throw validationError([{ field: 'config', message: problem }]);
          await kind?.assertReady?.(tx, row as ActivityRow);
        }
      }
    },
    /**
     * An organisation's 发布, when the platform approves activities first (/v1/check/config):
     * the activity stays a draft and waits for the platform's review instead.
     */
    async actionValues(action, values, _row, { tx, caller }) {
      if (action !== 'publish' || caller.kind === 'super' || !(await checkConfigOf(tx)).required) return values;
      return { is_tmp: 1, check_status: CHECK_WAITING, check_reason: '' };
    },
    async after(action, rows, { tx, request }) {
      // The reader list the body named (prepareScope kept it aside): the activity's id is known now.
      const named = pickedReaders.get(request);
      if (named && (action === 'create' || action === 'update') && rows[0]) {
        pickedReaders.delete(request);
        await setActivityReaders(tx, rows[0].org_id as number, rows[0].id, named);
      }
      if ((action === 'create' || action === 'update') && kind?.afterWrite) for (const row of rows) await kind.afterWrite(tx, row as ActivityRow);
      if (action === 'publish') {
        const first = rows.filter((r) => r.published_at === null && r.is_tmp === 0).map((r) => r.id);
        if (first.length) await tx.update(activities).set({ published_at: nowSec() }).where(inArray(activities.id, first));
      }
      // A deleted activity leaves the groups it was in.
      if (action === 'delete' && rows.length) await tx.delete(activityGroupItems).where(inArray(activityGroupItems.act_id, rows.map((r) => r.id)));
    },
    commands: {
      /** A new draft with the same settings and content, title suffixed, counters zero. */
      async copy(row, { tx }) {
        const { id: _id, created_at: _c, updated_at: _u, ...rest } = row as Row & Record<string, unknown>;
        const title = `${String(row.title).slice(0, 96)}（副本）`;
        const [copy] = (await tx
          .insert(activities)
          .values({
            ...(rest as typeof activities.$inferInsert),
            title,
            is_tmp: 1,
            published_at: null,
            state: null,
            join_num: 0,
            view_count: 0,
            is_rec: 0,
            rec_at: null,
            is_pause: 0,
            check_status: 0,
            check_reason: '',
            config: kind?.copyConfig ? kind.copyConfig(row.config as Record<string, unknown>) : (row.config as Record<string, unknown>),
          })
          .returning()) as Row[];
        await copyActivityReaders(tx, row.id, copy.id);
        return copy;
      },
    },
  });
}

/** The bindings of every declared activity type, each with the kind serving it (`kinds/index.ts`). */
export function activityBindings(kinds: readonly ActivityKind[]): ResourceBinding[] {
  return ACTIVITY_RESOURCES.map((def) => activityBinding(def, kinds.find((k) => k.types.includes(def.fixed!.type as ActivityType))));
}
