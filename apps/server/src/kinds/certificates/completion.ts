import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { CERT_COMPLETION_JOB, CERT_RULE_KIND, type CertRuleKind } from '@huodong/domain';
import type { Tx } from '../../db/client.js';
import { activities, lectureLearners, lectureProgress, organizations } from '../../db/schema.js';
import { configOf, issueTo, type ConfigRow, type Holder, type IssueContext } from './issue.js';

/**
 * Certificates earned by completing an activity (a lecture: `lecture_complete`, type 19): who has
 * completed it, read from the kind's own rows through the schema, and the runner's job that issues
 * one reader's certificate when the kind reports the completion (queued in the completion's
 * transaction, keyed per activity and reader). Issuing is idempotent: an existing valid
 * certificate of the grant, or a parallel issue meeting `certificates_grant_uq`, issues nothing.
 */

/** The rules issued on a completion rather than on a work. */
export const COMPLETION_RULES: readonly CertRuleKind[] = ['lecture_complete'];
export const isCompletionRule = (rule: { kind: string } | null | undefined): rule is { kind: CertRuleKind; levels: string[] } =>
  !!rule && COMPLETION_RULES.includes(rule.kind as CertRuleKind);

/** The readers who completed the activity (all of them, or those of `readerIds`), with their learning hours (one decimal). */
export async function completedHolders(tx: Tx, actId: number, readerIds?: number[]): Promise<Holder[]> {
  const rows = await tx
    .select({
      reader_id: lectureLearners.reader_id,
      learn_sec: sql<number>`coalesce((select sum(${lectureProgress.real_sec}) from ${lectureProgress} where ${lectureProgress.act_id} = ${actId} and ${lectureProgress.reader_id} = ${lectureLearners.reader_id}), 0)`.mapWith(Number),
    })
    .from(lectureLearners)
    .where(and(eq(lectureLearners.act_id, actId), eq(lectureLearners.finished, 1), readerIds ? inArray(lectureLearners.reader_id, readerIds) : undefined));
  return rows.map((r) => ({ reader_id: r.reader_id, hours: (r.learn_sec / 3600).toFixed(1) }));
}

/** Issue the certificates the activity's completion rule gives the holders (automatic mode only); answers how many were issued. */
export async function issueCompletions(tx: Tx, c: Omit<IssueContext, 'config'> & { config: ConfigRow | undefined }, holders: Holder[]): Promise<number> {
  const { config } = c;
  if (!config || config.issue_mode !== 'auto' || !isCompletionRule(config.auto_rule)) return 0;
  const grant = { kind: CERT_RULE_KIND[config.auto_rule.kind], award_level: '' };
  let issued = 0;
  for (const h of holders) if (await issueTo(tx, { ...c, config }, h, grant)) issued++;
  return issued;
}

/** The completion job: one reader's certificate of one activity, by its rule as configured when the job runs. */
export function defineCertCompletionJob(app: FastifyInstance): void {
  const { db } = app.database;
  app.jobs.define<{ act_id: number; reader_id: number; origin: string }>(CERT_COMPLETION_JOB, {
    run: ({ payload }) =>
      db.transaction(async (tx) => {
        const config = await configOf(tx, payload.act_id);
        if (!config || config.issue_mode !== 'auto' || !isCompletionRule(config.auto_rule)) return;
        const [row] = await tx
          .select({ org: { id: organizations.id, key: organizations.key, name: organizations.name }, title: activities.title })
          .from(activities)
          .innerJoin(organizations, eq(organizations.id, activities.org_id))
          .where(and(eq(activities.id, payload.act_id), eq(activities.org_id, config.org_id)));
        if (!row) return;
        const holders = await completedHolders(tx, payload.act_id, [payload.reader_id]);
        await issueCompletions(tx, { org: row.org, act: { id: payload.act_id, title: row.title }, config, origin: payload.origin }, holders);
      }),
  });
}
