import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  cascadeNodes,
  logicProblems,
  normalisedQuestion,
  orderQuestions,
  QUESTION_REFERENCED,
  questionNumbers,
  questionProblems,
  surveyConfigOf,
  SURVEY_LIMITS,
  surveyQuestionsResource,
  surveyResponsesResource,
  TYPE_CHANGE_NEEDS_CONFIRM,
  type SurveyOption,
  type SurveyQuestion,
} from '@huodong/domain';
import { activities, surveyQuestions, surveyResponses } from '../../db/schema.js';
import { HttpError, validationError } from '../../http/errors.js';
import { bind, type Row } from '../../resources/binding.js';
import { answeredCounts, answeredParts, currentQuestions, newPartId, respondentsOf, toQuestion, writeVersion, type QuestionRow } from './store.js';
import { surveyAdminRoutes } from './adminRoutes.js';
import { surveyReaderRoutes } from './readerRoutes.js';

const MAX_ID = 2_147_483_647;

/** Ids for new options and matrix rows; an answered option or row the update leaves out comes back hidden. */
function keepAnswered<T extends { id?: string; hidden?: number }>(given: T[], stored: T[], answered: (x: T) => boolean): T[] {
  const ids = new Set(given.map((x) => x.id));
  return [...given, ...stored.filter((x) => x.id && !ids.has(x.id) && answered(x)).map((x) => ({ ...x, hidden: 1 }))];
}

function withIds(options: SurveyOption[], taken: Set<string>): SurveyOption[] {
  return options.map((o) => ({ ...o, id: o.id || newPartId(taken), ...(o.children ? { children: withIds(o.children, taken) } : {}) }));
}

/** Logic problems of the whole questionnaire in its order, named for the question being written (`show_logic`, `jump_logic`) or else `sort`. */
function logicErrors(ordered: SurveyQuestion[], ownId: number) {
  return logicProblems(ordered).map((p) => {
    const [, id, name] = p.field.split('.');
    return Number(id) === ownId ? { field: name, message: p.message } : { field: 'sort', message: p.message };
  });
}

/**
 * A questionnaire's questions: every write checks the question (questionProblems) and the logic of
 * the whole questionnaire in its new order, keeps what answers need (answered options and rows
 * hidden, not removed; a type change of an answered question only with `confirm_type_change`,
 * starting a new revision), then freezes the next version.
 */
export const surveyQuestionsBinding = bind({
  def: surveyQuestionsResource,
  table: surveyQuestions,
  softDelete: 'is_delete',
  hidden: ['is_delete'],
  async prepare(values, { existing, tx, parentId }) {
    const confirmed = values.confirm_type_change === 1;
    delete values.confirm_type_change;
    const stored = existing as unknown as QuestionRow | undefined;
    const act = parentId!;
    const others = (await currentQuestions(tx, act)).filter((q) => q.id !== stored?.id);
    if (!stored && others.length >= SURVEY_LIMITS.questions) throw validationError([{ field: 'type', message: `问卷最多${SURVEY_LIMITS.questions}道题` }]);
    if (!stored && (values.sort === undefined || values.sort === null)) values.sort = Math.max(0, ...others.map((q) => q.sort ?? 0)) + 1;
    const full = normalisedQuestion({ ...(stored ? toQuestion(stored) : { revision: 1, show_logic: null, jump_logic: [], options: [], rows: [], settings: {}, is_required: 1 }), ...values, id: stored?.id ?? MAX_ID } as SurveyQuestion);
    if (stored) {
      const parts = await answeredParts(tx, stored);
      if (full.type !== stored.type && parts.any) {
        if (!confirmed) throw new HttpError(409, TYPE_CHANGE_NEEDS_CONFIRM, { confirm: 'type_change' });
        full.revision = stored.revision + 1;
      } else if (full.type === stored.type) {
        const answered = (o: SurveyOption) => cascadeNodes([o]).some((n) => parts.options.has(n.id));
        full.options = keepAnswered(full.options, stored.options as unknown as SurveyOption[], answered);
        full.rows = keepAnswered(full.rows, stored.rows as unknown as SurveyQuestion['rows'], (r) => parts.rows.has(r.id));
      }
    }
    const taken = new Set([...cascadeNodes(full.options).map((o) => o.id), ...full.rows.map((r) => r.id)].filter(Boolean));
    full.options = withIds(full.options, taken);
    full.rows = full.rows.map((r) => ({ ...r, id: r.id || newPartId(taken) }));
    const problems = questionProblems(full);
    if (problems.length) throw validationError(problems);
    const logic = logicErrors(orderQuestions([...others, full]), full.id);
    if (logic.length) throw validationError(logic);
    return { ...values, type: full.type, options: full.options, rows: full.rows, is_required: full.is_required, revision: full.revision, settings: full.settings, show_logic: full.show_logic, jump_logic: full.jump_logic };
  },
  async guard(action, rows, { tx, parentId }) {
    if (action !== 'delete') return;
    const gone = new Set(rows.map((r) => r.id));
    const all = await currentQuestions(tx, parentId!);
    const left = all.filter((q) => !gone.has(q.id));
    const nos = questionNumbers(all);
    for (const q of left) {
      const refs = [...(q.show_logic?.conditions ?? []), ...q.jump_logic.flatMap((r) => r.conditions)].map((c) => c.qid);
      const targets = q.jump_logic.map((r) => r.target);
      if ([...refs, ...targets].some((id) => typeof id === 'number' && gone.has(id))) throw validationError([{ field: 'ids', message: QUESTION_REFERENCED(nos.has(q.id) ? `第${nos.get(q.id)}题` : '说明文字') }]);
    }
  },
  async after(action, _rows, { tx, org, parentId }) {
    if (action === 'sort') {
      const problems = logicProblems(await currentQuestions(tx, parentId!));
      if (problems.length) throw validationError(problems.map((p) => ({ field: 'ids', message: p.message })));
    }
    await writeVersion(tx, org!.id, parentId!);
  },
  async present(rows, { request, parentId }) {
    const counts = await answeredCounts(request.server.database.db, parentId ?? 0, rows as unknown as QuestionRow[]);
    return rows.map((r) => ({ ...r, answer_count: counts.get(r.id) ?? 0 }));
  },
  async routes(app: FastifyInstance) {
    await surveyAdminRoutes(app);
    await surveyReaderRoutes(app);
  },
});

/** The submitted responses (never drafts); the reader's id is never sent, their account and unit only when not anonymous. */
export const surveyResponsesBinding = bind({
  def: surveyResponsesResource,
  table: surveyResponses,
  narrow: eq(surveyResponses.status, 1),
  hidden: ['answers', 'option_snapshot', 'ip', 'status', 'day'],
  async present(rows, ctx) {
    const [act] = await ctx.request.server.database.db.select({ config: activities.config }).from(activities).where(eq(activities.id, ctx.parentId ?? 0));
    const anonymous = !!surveyConfigOf(act?.config).anonymous;
    const who = await respondentsOf(ctx.request.server.database.db, anonymous, rows as unknown as { reader_id: number; unit_id: number | null }[]);
    return rows.map((r) => {
      // Anonymous: not the unit's id either (respondentsOf).
      const { reader_id: _r, unit_id, ...rest } = r as Row & { reader_id: number; unit_id: number | null };
      return { ...rest, ...(anonymous ? {} : { unit_id }), ...who(r as unknown as { reader_id: number; unit_id: number | null }) } as Row;
    });
  },
});
