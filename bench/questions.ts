/**
 * Benchmark: a question bank of 100,000 questions (issue 13).
 *
 *   npx tsx bench/questions.ts              # PGlite; PostgreSQL too with --pg or DATABASE_URL
 *   npx tsx bench/questions.ts --pg-only --duration 5
 *
 * Fill (bulk SQL): organisation `benchques` with 20 question categories and 100,000 questions of the
 * five types (stems from 40 book titles and 8 question patterns, each numbered; difficulty, category
 * and pause spread over them), beside 50,000 questions of the public bank and 50,000 of another
 * organisation. Measured over real HTTP at 10 connections (`/v1/{org}/question`, the organisation's
 * own bank): page 1, page 500, the type filter, type and difficulty, a category, a keyword matching
 * thousands, one matching a handful, a keyword with a filter; the public bank's keyword list; and the
 * duplicate check of one stem (`/contest/compare`), which reads the bank's stems of similar length.
 * `--scale 0.05` fills 5 % (trying the script out).
 */
import { pathToFileURL } from 'node:url';
import { onEachDatabase, wantPostgres } from './databases.js';
import { measureLoad, type Figures } from './load.js';
import { serveAsSuper } from './serve.js';
import type { Database } from '../apps/server/src/db/client.js';

const args = process.argv.slice(2);
const duration = Number(args[args.indexOf('--duration') + 1]) || 5;
const scale = Number(args[args.indexOf('--scale') + 1]) || 1;
const ORG = 'benchques';
const QUESTIONS = Math.round(100_000 * scale);
const OTHERS = Math.round(50_000 * scale);

const TITLES = ['红楼梦', '三国演义', '水浒传', '西游记', '儒林外史', '聊斋志异', '呐喊', '朝花夕拾', '骆驼祥子', '边城', '家', '围城', '平凡的世界', '活着', '白鹿原', '城南旧事', '稻草人', '草房子', '史记', '资治通鉴', '万历十五年', '天工开物', '梦溪笔谈', '本草纲目', '昆虫记', '时间简史', '物种起源', '寂静的春天', '傅雷家书', '美的历程', '鲁滨逊漂流记', '海底两万里', '小王子', '夏洛的网', '安徒生童话', '格林童话', '钢铁是怎样炼成的', '老人与海', '简·爱', '论语'];
const PATTERNS = ['的作者是谁？', '是哪个时期的作品？', '中的主要人物有哪些？', '讲述了什么故事？', '的作者是___。', '属于哪一类图书？', '中最令你难忘的情节是什么？', '的创作背景是什么？'];
const sqlArray = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;
/** A question row of number g: stem, type by pattern, options for the choice types. */
const ROW = (g: string) => `
  (${sqlArray(TITLES)})[1 + ${g} % ${TITLES.length}], (${sqlArray(PATTERNS)})[1 + (${g} / ${TITLES.length}) % ${PATTERNS.length}]`;

async function fillBank(db: Database, orgId: number | null, n: number, offset: number, categories: number[]): Promise<void> {
  const cats = categories.length ? `(array[${categories.join(',')}])[1 + g % ${categories.length}]` : 'null';
  await db.query(
    `insert into questions (org_id, category_id, type, difficulty, stem, options, answer, analysis, default_score, tags, source_book, stem_key, is_pause, used_count, answered_count, correct_count, creator_kind, created_by, created_at, updated_at)
     select $1::int, ${cats}, t.type, 1 + g % 5, s.stem,
            case when t.type in (1, 2) then '[{"key":"A","text":"甲"},{"key":"B","text":"乙"},{"key":"C","text":"丙"},{"key":"D","text":"丁"}]'::jsonb else '[]'::jsonb end,
            case t.type when 1 then 'B' when 2 then 'A,C' when 3 then 'T' when 4 then '[["答案"]]' else '言之有理即可' end,
            '', 5, '[]'::jsonb, s.title, regexp_replace(lower(s.stem), '[[:space:][:punct:]《》？（）：，。·_]', '', 'g'),
            case when g % 50 = 0 then 1 else 0 end, g % 40, g % 30, g % 17, 'super', 1,
            $2::bigint + g, $2::bigint + g
     from generate_series(${offset + 1}, ${offset + n}) g
     cross join lateral (select ${ROW('g')}) p(title, pattern)
     cross join lateral (select '《' || p.title || '》' || p.pattern || '（第' || g || '题）' as stem, p.title) s
     cross join lateral (select case when position('___' in p.pattern) > 0 then 4 when p.pattern like '%有哪些%' then 2 when p.pattern like '%情节%' or p.pattern like '%背景%' then 5 when g % 3 = 0 then 3 else 1 end as type) t`,
    [orgId, Math.floor(Date.now() / 1000) - 400_000],
  );
}

export async function fill(db: Database): Promise<{ orgId: number; categoryId: number }> {
  const [org] = await db.query<{ id: number }>(`insert into organizations (key, name) values ($1, '题库基准机构') returning id`, [ORG]);
  const [other] = await db.query<{ id: number }>(`insert into organizations (key, name) values ('benchques2', '另一家机构') returning id`);
  const cats = await db.query<{ id: number }>(
    `insert into question_categories (org_id, name, sort) select $1, '分类' || g, g from generate_series(1, 20) g returning id`,
    [org.id],
  );
  await fillBank(db, org.id, QUESTIONS, 0, cats.map((c) => c.id));
  await fillBank(db, null, OTHERS, QUESTIONS, []);
  await fillBank(db, other.id, OTHERS, QUESTIONS + OTHERS, []);
  await db.query('vacuum analyze');
  return { orgId: org.id, categoryId: cats[3].id };
}

/** Question g's stem with a character added: a near duplicate the check must find. */
const nearStem = (g: number) => `《${TITLES[g % TITLES.length]}》${PATTERNS[Math.floor(g / TITLES.length) % PATTERNS.length].replace('的', '的一')}（第${g}题）`;

async function run(label: string, database: Database): Promise<void> {
  console.log(`\n== ${label} (${database.driver}) ==`);
  const t0 = Date.now();
  const { categoryId } = await fill(database);
  console.log(`filled ${QUESTIONS.toLocaleString()} questions in ${ORG}, ${OTHERS.toLocaleString()} public and ${OTHERS.toLocaleString()} in another organisation in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const { base, token, close } = await serveAsSuper(database);

  const bank = `/v1/${ORG}/question`;
  const kw = (k: string) => encodeURIComponent(k);
  const scenarios: [string, string, unknown?][] = [
    ['page 1', `${bank}?page=1&page_size=10`],
    ['page 500', `${bank}?page=500&page_size=10`],
    ['type 单选', `${bank}?type=1&page=1&page_size=10`],
    ['type 多选 + difficulty 3', `${bank}?type=2&difficulty=3&page=1&page_size=10`],
    ['category', `${bank}?category_id=${categoryId}&page=1&page_size=10`],
    ['keyword 红楼梦 (thousands)', `${bank}?keyword=${kw('红楼梦')}&page=1&page_size=10`],
    ['keyword 第12345题 (one)', `${bank}?keyword=${kw('第12345题')}&page=1&page_size=10`],
    ['keyword 作者 + type 4', `${bank}?keyword=${kw('作者')}&type=4&page=1&page_size=10`],
    ['public bank, keyword 老人与海', `/v1/public?keyword=${kw('老人与海')}&page=1&page_size=10`],
    ['duplicate check of one stem', `/v1/${ORG}/contest/compare`, { stems: [nearStem(123)] }],
  ];
  const rows: (Figures & { total: string; first: number })[] = [];
  for (const [name, path, body] of scenarios) {
    const started = performance.now();
    const probe = await fetch(base + path, body ? { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) } : { headers: { authorization: `Bearer ${token}` } });
    const first = Math.round(performance.now() - started);
    if (probe.status !== 200) {
      console.log(`${name}: ${probe.status} ${(await probe.text()).slice(0, 200)}, skipped`);
      process.exitCode = 1;
      continue;
    }
    const data = ((await probe.json()) as { data: { _meta?: { totalCount: number; totalCapped?: boolean }; items?: { matches?: unknown[] }[] } }).data;
    const total = data._meta ? `${data._meta.totalCount}${data._meta.totalCapped ? '+' : ''}` : `${data.items?.[0]?.matches?.length ?? 0} similar`;
    await measureLoad(base + path, token, 'warm-up', 1, { body });
    rows.push({ ...(await measureLoad(base + path, token, name, duration, { body })), total, first });
  }
  console.table(rows.map((r) => ({ scenario: r.scenario, matches: r.total, 'first ms': r.first, 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, 'non-2xx/errors': r.errors })));
  await close();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await onEachDatabase({ postgres: wantPostgres(args) }, run);
}
