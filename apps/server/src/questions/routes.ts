import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import { z } from 'zod';
import {
  batchCategoryBody,
  batchOrgBody,
  canWrite,
  categoryNotFound,
  compareBody,
  correctRate,
  defaultRuleBody,
  DEFAULT_PAPER_RULES,
  pageQuerySchema,
  parseQuestionSheet,
  questionIdsBody,
  questionImportBody,
  QUESTION_TYPES,
  rulesTotal,
  SAME_ORG,
  stemKey,
  TARGET_ORG_NOT_FOUND,
  type DefaultRule,
  type OrgQuestionCount,
  type QuestionTypeCount,
  type ResourceDef,
} from '@huodong/domain';
import type { Db, Tx } from '../db/client.js';
import { categories, meta, organizations, questionBankSums, questionCategories, questions } from '../db/schema.js';
import { callerOf, orgOf } from '../auth/access.js';
import { forbidden, validationError } from '../http/errors.js';
import { organizationsWith } from '../http/organizationsWith.js';
import { importRejected } from '../imports/userImports.js';
import { audit } from '../resources/audit.js';
import { listQueryOf } from '../resources/register.js';
import type { ListQuery } from '../resources/service.js';
import { bankFigures, orgBankFigures, type TopQuestions } from './figures.js';
import { foldBankMoves } from './bankSums.js';
import { assertCategory, duplicatesInBank, inBank, type Bank } from './bank.js';
import { rowsOf } from '../db/rows.js';
import { RememberedReads } from '../db/writeWatch.js';

const orgParams = z.object({ org: z.string() });
const nowSec = () => Math.floor(Date.now() / 1000);
/** Rows inserted per statement by an import (PostgreSQL's bind parameter limit stays far). */
const INSERT_CHUNK = 500;
/** The advisory lock class of copying from the public bank (the second key is the organisation). */
const CHOOSE_LOCK = 13_001;

function assertWriter(def: ResourceDef, request: FastifyRequest): void {
  if (!canWrite(def, callerOf(request))) throw forbidden();
}

/**
 * `batchCreate`: the sheet's rows checked whole (rules/questionBank.ts parseQuestionSheet, spec §5
 * 第N行 messages), categories found by name in the bank, then every question written in one
 * transaction or none.
 */
async function importQuestions(db: Db, request: FastifyRequest, def: ResourceDef, bank: Bank, rows: Record<string, unknown>[]): Promise<{ created: number }> {
  assertWriter(def, request);
  const parsed = parseQuestionSheet(rows);
  if (!parsed.ok) throw importRejected(parsed.errors);
  const names = [...new Set(parsed.questions.map((q) => q.category).filter(Boolean))];
  const found =
    names.length === 0
      ? []
      : bank === null
        ? await db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.name, names))
        : await db.select({ id: questionCategories.id, name: questionCategories.name }).from(questionCategories).where(and(eq(questionCategories.org_id, bank), inArray(questionCategories.name, names)));
  const idOf = new Map(found.map((c) => [c.name, c.id]));
  const missing = parsed.questions.filter((q) => q.category && !idOf.has(q.category)).map((q) => `第${q.row}行: ${categoryNotFound(q.category)}`);
  if (missing.length) throw importRejected(missing);
  const caller = callerOf(request);
  const values = parsed.questions.map(({ body, category }) => ({
    ...body,
    stem_images: body.stem_images.filter((x): x is string => !!x),
    analysis: body.analysis ?? '',
    source_book: body.source_book ?? '',
    answer: body.answer as string,
    org_id: bank,
    category_id: category ? idOf.get(category)! : null,
    stem_key: stemKey(body.stem),
    creator_kind: caller.kind,
    created_by: caller.id,
  }));
  return db.transaction(async (tx) => {
    const ids: number[] = [];
    for (let i = 0; i < values.length; i += INSERT_CHUNK) {
      const made = await tx.insert(questions).values(values.slice(i, i + INSERT_CHUNK)).returning({ id: questions.id });
      ids.push(...made.map((m) => m.id));
    }
    await audit(tx, request, 'batchCreate', def.name, ids);
    return { created: ids.length };
  });
}

/** Set columns of the bank's questions among `ids` in one statement; answers how many changed. */
async function updateInBank(tx: Tx, request: FastifyRequest, def: ResourceDef, action: string, bank: Bank, ids: number[], set: Partial<typeof questions.$inferInsert>): Promise<number> {
  const changed = await tx
    .update(questions)
    .set({ ...set, updated_at: nowSec() })
    .where(and(inBank(bank), inArray(questions.id, ids)))
    .returning({ id: questions.id });
  await audit(tx, request, action, def.name, changed.map((c) => c.id));
  return changed.length;
}

/** The default paper rule (`/v1/contestConfigs`) as stored, or the design's default. */
export const DEFAULT_RULE_KEY = 'default_paper_rule';
export async function defaultPaperRule(db: Db | Tx): Promise<DefaultRule> {
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, DEFAULT_RULE_KEY));
  if (row) {
    try {
      const parsed = defaultRuleBody.safeParse(JSON.parse(row.value));
      if (parsed.success) return parsed.data;
    } catch {
      // a value this module did not write reads as the default
    }
  }
  return { rules: DEFAULT_PAPER_RULES };
}

export interface BankRoutes {
  publicDef: ResourceDef;
  orgDef: ResourceDef;
  ownDef: ResourceDef;
}

/** What the banks' state reads (its sums are moved by writes of `questions`), and how long an answer is kept at most. */
const STATE_TABLES = ['questions', 'categories', 'question_categories', 'organizations'];
const STATE_MS = 10_000;
/** How long a bank's top lists (hardest, most used) are answered before they are read again. */
const TOPS_MS = 60_000;

/**
 * The banks' own routes beside the declared CRUD: imports, batch category, moving between banks,
 * the organisation's view of the public bank and its copying, duplicates, the organisations with
 * their banks, the types and categories, the default paper rule and the statistics.
 */
export function bankRoutes({ publicDef, orgDef, ownDef }: BankRoutes) {
  return (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = app.database;
    const orgBank = (request: FastifyRequest): Bank => orgOf(request).id;

    // ---- Imports and batch categories --------------------------------------------------------------
    r.post('/v1/public/batchCreate', { config: { access: 'super' }, schema: { body: questionImportBody } }, (request) => importQuestions(db, request, publicDef, null, request.body.rows));
    r.post('/v1/:org/question/batchCreate', { config: { access: 'org' }, schema: { params: orgParams, body: questionImportBody } }, (request) =>
      importQuestions(db, request, ownDef, orgBank(request), request.body.rows),
    );
    const batchCategory = (def: ResourceDef, bankOf: (request: FastifyRequest) => Bank) => async (request: FastifyRequest) => {
      assertWriter(def, request);
      const { ids, category_id } = request.body as z.output<typeof batchCategoryBody>;
      const bank = bankOf(request);
      await assertCategory(db, bank, category_id);
      return { updated: await db.transaction((tx) => updateInBank(tx, request, def, 'batchUpdateCategory', bank, [...new Set(ids)], { category_id })) };
    };
    r.post('/v1/public/batchUpdateCategory', { config: { access: 'super' }, schema: { body: batchCategoryBody } }, batchCategory(publicDef, () => null));
    r.post('/v1/org/:org/questions/batchUpdateCategory', { config: { access: 'org' }, schema: { params: orgParams, body: batchCategoryBody } }, batchCategory(orgDef, orgBank));
    r.post('/v1/:org/question/batchUpdateCategory', { config: { access: 'org' }, schema: { params: orgParams, body: batchCategoryBody } }, batchCategory(ownDef, orgBank));

    // ---- Moving between banks (platform) ------------------------------------------------------------
    /** Another organisation's bank takes the questions; their category (this organisation's) is cleared. */
    r.post('/v1/org/:org/questions/batchUpdateOrg', { config: { access: 'org' }, schema: { params: orgParams, body: batchOrgBody } }, async (request) => {
      assertWriter(orgDef, request);
      const from = orgOf(request).id;
      const { ids, org_id } = request.body;
      if (org_id === from) throw validationError([{ field: 'org_id', message: SAME_ORG }]);
      const [target] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, org_id));
      if (!target) throw validationError([{ field: 'org_id', message: TARGET_ORG_NOT_FOUND }]);
      return { updated: await db.transaction((tx) => updateInBank(tx, request, orgDef, 'batchUpdateOrg', from, [...new Set(ids)], { org_id, category_id: null })) };
    });
    /** The public bank takes the organisation's questions (the platform adopts them); their category is cleared. */
    r.post('/v1/org/:org/questions/transfer', { config: { access: 'org' }, schema: { params: orgParams, body: questionIdsBody } }, async (request) => {
      assertWriter(orgDef, request);
      return { updated: await db.transaction((tx) => updateInBank(tx, request, orgDef, 'transfer', orgOf(request).id, [...new Set(request.body.ids)], { org_id: null, category_id: null, copied_from: null })) };
    });

    // ---- The public bank as an organisation sees it --------------------------------------------------
    const publicService = () => app.resources.get(publicDef.name)!;
    /** The enabled public questions, each with `copied` (1 when this organisation's bank holds a copy). */
    r.get('/v1/:org/public', { config: { access: 'org' }, schema: { params: orgParams, querystring: listQueryOf(publicDef).extend({ is_pause: z.undefined().optional() }) } }, async (request) => {
      const page = await publicService().list(request, { ...(request.query as ListQuery), is_pause: 0 });
      const ids = page.items.map((q) => q.id);
      const copies = ids.length
        ? await db
            .select({ id: questions.copied_from })
            .from(questions)
            .where(and(eq(questions.org_id, orgOf(request).id), eq(questions.is_delete, 0), inArray(questions.copied_from, ids)))
        : [];
      const copied = new Set(copies.map((c) => c.id));
      return { ...page, items: page.items.map((q) => ({ ...q, copied: copied.has(q.id) ? 1 : 0 })) };
    });
    /** Copy public questions into the organisation's bank; ones copied before are skipped. */
    r.post('/v1/:org/public/choose', { config: { access: 'org' }, schema: { params: orgParams, body: questionIdsBody } }, async (request) => {
      assertWriter(ownDef, request);
      const org = orgOf(request).id;
      const caller = callerOf(request);
      const ids = [...new Set(request.body.ids)];
      return db.transaction(async (tx) => {
        // Copies into one bank wait for each other, so a question is copied once however many ask at once.
        await tx.execute(sql`select pg_advisory_xact_lock(${CHOOSE_LOCK}, ${org})`);
        // One statement: the public questions not yet copied by this organisation.
        const made = await tx.execute<{ id: number }>(sql`
          insert into questions (org_id, type, difficulty, stem, stem_images, options, answer, analysis, default_score, tags, source_book, stem_key, copied_from, creator_kind, created_by)
          select ${org}, q.type, q.difficulty, q.stem, q.stem_images, q.options, q.answer, q.analysis, q.default_score, q.tags, q.source_book, q.stem_key, q.id, ${caller.kind}, ${caller.id}
          from questions q
          where q.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and q.org_id is null and q.is_delete = 0 and q.is_pause = 0
            and not exists (select 1 from questions c where c.org_id = ${org} and c.copied_from = q.id and c.is_delete = 0)
          order by q.id
          returning id`);
        const rows = rowsOf<{ id: number }>(made);
        await audit(tx, request, 'choose', ownDef.name, rows.map((x) => x.id));
        return { added: rows.length, skipped: ids.length - rows.length };
      });
    });

    // ---- Duplicates ---------------------------------------------------------------------------------
    const compare = (bankOf: (request: FastifyRequest) => Bank) => async (request: FastifyRequest) => {
      const { stems, exclude_id } = request.body as z.output<typeof compareBody>;
      const found = await duplicatesInBank(db, bankOf(request), stems, exclude_id);
      return { items: found.map((matches, index) => ({ index, stem: stems[index], matches })).filter((x) => x.matches.length > 0) };
    };
    r.post('/v1/public/compare', { config: { access: 'super' }, schema: { body: compareBody } }, compare(() => null));
    r.post('/v1/:org/contest/compare', { config: { access: 'org' }, schema: { params: orgParams, body: compareBody } }, compare(orgBank));

    // ---- Organisations, types, categories ------------------------------------------------------------
    r.get('/v1/questions/organizations', { config: { access: 'super' }, schema: { querystring: pageQuerySchema } }, async (request) => {
      const counts = db
        .select({
          org_id: questions.org_id,
          question_count: count().as('question_count'),
          active_count: sql<number>`count(*) filter (where ${questions.is_pause} = 0)`.as('active_count'),
        })
        .from(questions)
        .where(eq(questions.is_delete, 0))
        .groupBy(questions.org_id)
        .as('counts');
      const cats = db.select({ org_id: questionCategories.org_id, category_count: count().as('category_count') }).from(questionCategories).groupBy(questionCategories.org_id).as('cats');
      return organizationsWith<OrgQuestionCount>(db, request.query, request.url, [
        { sub: counts, columns: { question_count: counts.question_count, active_count: counts.active_count } },
        { sub: cats, columns: { category_count: cats.category_count } },
      ]);
    });

    r.get('/v1/question/types', { config: { access: 'authenticated' } }, async (): Promise<QuestionTypeCount[]> => {
      const rows = await db
        .select({ type: questions.type, public_count: sql<number>`count(*) filter (where ${questions.org_id} is null)`.mapWith(Number), org_count: sql<number>`count(*) filter (where ${questions.org_id} is not null)`.mapWith(Number) })
        .from(questions)
        .where(eq(questions.is_delete, 0))
        .groupBy(questions.type);
      const byType = new Map(rows.map((x) => [x.type, x]));
      return Object.entries(QUESTION_TYPES).map(([id, name]) => ({ id: Number(id), name, public_count: byType.get(Number(id))?.public_count ?? 0, org_count: byType.get(Number(id))?.org_count ?? 0 }));
    });

    /** The public bank's categories (the platform's, enabled ones) with their question counts. */
    r.get('/v1/question/category', { config: { access: 'super' } }, async () => {
      const counts = db
        .select({ category_id: questions.category_id, n: count().as('n') })
        .from(questions)
        .where(and(isNull(questions.org_id), eq(questions.is_delete, 0)))
        .groupBy(questions.category_id)
        .as('counts');
      return db
        .select({ id: categories.id, name: categories.name, question_count: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number) })
        .from(categories)
        .leftJoin(counts, eq(counts.category_id, categories.id))
        .where(eq(categories.is_pause, 0))
        .orderBy(categories.sort, categories.id);
    });

    // ---- Default paper rule -------------------------------------------------------------------------
    r.get('/v1/contestConfigs', { config: { access: 'authenticated' } }, async () => {
      const rule = await defaultPaperRule(db);
      return { ...rule, total: rulesTotal(rule.rules) };
    });
    r.post('/v1/contestConfigs/save', { config: { access: 'super' }, schema: { body: defaultRuleBody } }, async (request) => {
      const value = JSON.stringify(request.body);
      await db.transaction(async (tx) => {
        await tx.insert(meta).values({ key: DEFAULT_RULE_KEY, value }).onConflictDoUpdate({ target: meta.key, set: { value } });
        await audit(tx, request, 'save', 'contestConfigs', []);
      });
      return { ...request.body, total: rulesTotal(request.body.rules) };
    });

    // ---- Statistics ---------------------------------------------------------------------------------
    // The banks' state: sums from question_bank_sums, the hardest and most used from one read of the bank's
    // questions; an answer remembered while no question or category was written, at most STATE_MS (another
    // instance's writes, the counters' fold every few seconds).
    const state = new RememberedReads<unknown>(app.database.watch, STATE_MS);
    const kept = <T>(key: string, read: () => Promise<T>) => state.get(key, STATE_TABLES, read) as Promise<T>;
    // The top lists read a bank's questions (a second at 200,000 in the public bank), and every
    // counters' fold writes questions: they are read again at most every TOPS_MS, in the background
    // while the earlier lists are answered (at most a minute behind, as the statistics' rollups).
    const topLists = new RememberedReads<TopQuestions>(app.database.watch, TOPS_MS);
    const tops = (bankId: number, read: () => Promise<TopQuestions>) => topLists.get(`tops:${bankId}`, [], read, { stale: true });
    r.get('/v1/:org/count/question', { config: { access: 'org' }, schema: { params: orgParams } }, (request) => kept(`bank:${orgOf(request).id}`, () => bankFigures(db, orgOf(request).id, tops)));
    r.get('/v1/count/question', { config: { access: 'super' } }, () => kept('banks', async () => ({ public: await bankFigures(db, null, tops), ...(await orgBankFigures(db)) })));
    r.get('/v1/count/question/organizations', { config: { access: 'super' }, schema: { querystring: pageQuerySchema } }, (request) => kept(`orgs:${request.url}`, async () => {
      // The banks' sums (bankSums.ts), folded first: a few hundred rows per bank, not its questions.
      await foldBankMoves(db);
      const b = questionBankSums;
      const sums = db
        .select({
          org_id: b.bank_id,
          question_count: sql<number>`sum(${b.questions})`.as('question_count'),
          used: sql<number>`sum(${b.used})`.as('used'),
          answered: sql<number>`sum(${b.answered})`.as('answered'),
          correct: sql<number>`sum(${b.correct})`.as('correct'),
        })
        .from(b)
        .where(ne(b.bank_id, 0))
        .groupBy(b.bank_id)
        .as('sums');
      type Row = { question_count: number; used: number; answered: number; correct: number };
      const page = await organizationsWith<Row>(db, request.query, request.url, [{ sub: sums, columns: { question_count: sums.question_count, used: sums.used, answered: sums.answered, correct: sums.correct } }], [
        desc(sql`coalesce(${sums.question_count}, 0)`),
      ]);
      return { ...page, items: page.items.map((x) => ({ ...x, correct_rate: correctRate(x.correct, x.answered) })) };
    }));
  };
}
