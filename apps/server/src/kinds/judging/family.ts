import { and, eq, inArray } from 'drizzle-orm';
import { certTemplatesResource, expertActsResource, expertsResource, templateKindProblem } from '@huodong/domain';
import { activities, certConfigs, certTemplates, expertActs, experts } from '../../db/schema.js';
import { revokeSubjects } from '../../auth/tokens.js';
import { validationError } from '../../http/errors.js';
import { UNIT_OUTSIDE, unitChain } from '../../routes/activityScope.js';
import { bind } from '../../resources/binding.js';
import { revokeOnNewPassword, withPasswordHash } from '../../resources/families/supers.js';
import { judgingAdminRoutes, WORKS_TYPES } from './routes.js';

/**
 * Experts: an account of their own (token subject `expert`), the unit used for conflicts.
 * Disabling or deleting an expert, or a new password, ends the expert's sessions.
 */
export const expertsBinding = bind({
  def: expertsResource,
  table: experts,
  hidden: ['password_hash'],
  async prepare(values, ctx) {
    if (typeof values.unit_id === 'number' && !(await unitChain(ctx.tx as never, ctx.org!.id, values.unit_id))) throw validationError([{ field: 'unit_id', message: UNIT_OUTSIDE }]);
    return withPasswordHash(values, ctx);
  },
  async after(action, rows, ctx) {
    if (action === 'disable' || action === 'delete') await revokeSubjects(ctx.tx as never, 'expert', rows.map((r) => r.id));
    await revokeOnNewPassword('expert', action, rows, ctx);
  },
});

/**
 * Expert activities: the activity judged must be an original-works activity (types 1, 9) of the
 * organisation. Its works, assignments, results and publishing are routes of their own
 * (kinds/judging/routes.ts); once results are published the settings that change them are frozen.
 */
export const expertActsBinding = bind({
  def: expertActsResource,
  table: expertActs,
  hidden: ['results'],
  async prepare(values, ctx) {
    if (typeof values.act_id === 'number') {
      const [act] = await ctx.tx
        .select({ id: activities.id })
        .from(activities)
        .where(and(eq(activities.id, values.act_id), eq(activities.org_id, ctx.org!.id), eq(activities.is_delete, 0), inArray(activities.type, WORKS_TYPES)));
      if (!act) throw validationError([{ field: 'act_id', message: '请选择本机构的原创作品活动' }]);
    }
    if (ctx.existing?.published_at) throw validationError([{ field: 'published_at', message: '评审结果已发布，不能修改评审设置' }]);
    const start = (values.start_at ?? ctx.existing?.start_at) as number;
    const end = (values.end_at ?? ctx.existing?.end_at) as number;
    if (start !== undefined && end !== undefined && end <= start) throw validationError([{ field: 'end_at', message: '评审结束时间必须晚于开始时间' }]);
    return values;
  },
  routes: judgingAdminRoutes,
});

/** Certificate templates; a template in use by an activity's configuration keeps its kind. */
export const certTemplatesBinding = bind({
  def: certTemplatesResource,
  table: certTemplates,
  async prepare(values, ctx) {
    if (ctx.existing && typeof values.kind === 'string' && values.kind !== ctx.existing.kind) {
      const used = await ctx.tx.select({ auto_rule: certConfigs.auto_rule }).from(certConfigs).where(eq(certConfigs.template_id, ctx.existing.id));
      const problem = used.map((u) => templateKindProblem(u.auto_rule as never, values.kind as never)).find(Boolean);
      if (problem) throw validationError([{ field: 'kind', message: problem }]);
    }
    return values;
  },
});
