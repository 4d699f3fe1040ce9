/**
 * Benchmark: questionnaire statistics over 100,000 responses (issue 13).
 *
 *   npx tsx bench/survey.ts          # PGlite; PostgreSQL too with --pg or DATABASE_URL
 *   npx tsx bench/survey.ts --pg-only --duration 5
 *
 * A questionnaire of ten questions (single, multiple, dropdown, rating, NPS, a 4-row matrix, a
 * 4-option ranking, text, long text, cascader) is made through the admin API; then (bulk SQL)
 * organisation `benchsurvey` with 20 units and 100,000 readers, and one submitted response per
 * reader over the last 30 days with the answer rows the reader API writes (survey_answers: about
 * 16 per response, 1.6 million). Measured over real HTTP at 10 connections: the statistics (no
 * filter, one unit with the units below it, the last 7 China days as the page sends them, the last
 * 7 × 24 hours to now: partial days at both ends), a cross-tab of two questions and a
 * keyword search of the long-text answers; the first request alone, then req/s, p50 and p99. The
 * run fails if the figures do not count every response. Then responses against their floor
 * (bench/floor.ts): 1,200 new readers submit the ten questions, 50 at once, in 3 rounds. `--scale 0.02` fills 2 % (trying it out);
 * `--no-floor` measures the statistics only.
 */
import { onEachDatabase, wantPostgres } from './databases.js';
import { measureLoad, type Figures } from './load.js';
import { serveAsSuper } from './serve.js';
import { againstFloor, readersNeeded, statementCount } from './floor.js';
import { issueToken } from '../apps/server/src/auth/tokens.js';
import type { Database } from '../apps/server/src/db/client.js';
import { hashPassword } from '../apps/server/src/auth/passwords.js';
import { chinaDayStart } from '@huodong/domain';
import { send } from './client.js';

const args = process.argv.slice(2);
const duration = Number(args[args.indexOf('--duration') + 1]) || 5;
const scale = Number(args[args.indexOf('--scale') + 1]) || 1;
const withFloor = !args.includes('--no-floor');
const ORG = 'benchsurvey';
const RESPONSES = Math.round(100_000 * scale);
const UNITS = 20;
const DAY = 86_400;
/** Responses measured against their floor: one new reader each (one more for the probe). */
const RESPONSE_ROUNDS = { rounds: 3, perRound: 400 };

type Question = { id: number; options: { id: string }[]; rows: { id: string }[] };

const QUESTIONS = [
  { type: 'single', title: '到馆频率', options: ['每周多次', '每周一次', '每月', '很少'].map((text) => ({ text })) },
  { type: 'multiple', title: '常用服务', options: ['借还', '自习', '讲座', '少儿', '数字资源'].map((text) => ({ text })), settings: { max_select: 3 } },
  { type: 'dropdown', title: '年龄段', options: ['18岁以下', '18-30岁', '31-45岁', '46-60岁', '60岁以上'].map((text) => ({ text })) },
  { type: 'rating', title: '总体满意度', settings: { rating_max: 5 } },
  { type: 'nps', title: '推荐意愿' },
  { type: 'matrix_single', title: '各项评价', options: ['满意', '一般', '不满意'].map((text) => ({ text })), rows: ['环境', '服务', '馆藏', '数字资源'].map((text) => ({ text })) },
  { type: 'ranking', title: '期望的活动', options: ['作家见面会', '亲子共读', '古籍展览', '电影放映'].map((text) => ({ text })) },
  { type: 'text', title: '最喜欢的书', is_required: 0 },
  { type: 'textarea', title: '建议', is_required: 0 },
  { type: 'cascader', title: '所在区', options: [{ text: '姑苏区', children: [{ text: '平江街道' }, { text: '观前街道' }] }, { text: '吴中区', children: [{ text: '长桥街道' }] }] },
];

/** The SQL text array of a list of strings. */
const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

export async function fill(database: Database, actId: number, orgId: number, qs: Question[]): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const hash = await hashPassword('Bench#Reader1');
  await database.query(`insert into organizations (key, name, parent_id) select $1 || '-u' || g, '单位' || g, $2 from generate_series(1, ${UNITS}) g`, [ORG, orgId]);
  await database.query(
    `insert into readers (org_id, account, password_hash, real_name, unit_id, source, created_at)
     select $1, 'r' || g, $2, '读者' || g, (select id from organizations where key = $3 || '-u' || (1 + g % ${UNITS})), 'register', $4 - 90 * ${DAY}
     from generate_series(1, ${RESPONSES}) g`,
    [orgId, hash, ORG, now],
  );
  // One response per reader over the last 30 days (the answers' JSON as the reader sent it, for the single choice and rating; the rows below carry every answer).
  const [single, multiple, dropdown, rating, nps, matrix, ranking, text, textarea, cascader] = qs;
  await database.query(
    `insert into survey_responses (org_id, act_id, reader_id, unit_id, version, status, answers, started_at, submitted_at, day, duration_sec, channel, created_at, updated_at)
     select $1, $2, r.id, r.unit_id, 1, 1,
            jsonb_build_object('${single.id}', jsonb_build_object('option', (${arr(single.options.map((o) => o.id))})[1 + g % 4]), '${rating.id}', 1 + (g * 7) % 5),
            t.at - 60 - g % 600, t.at, to_char(to_timestamp(t.at) at time zone 'Asia/Shanghai', 'YYYY-MM-DD'), 60 + g % 600, 'web', t.at, t.at
     from readers r
     cross join lateral (select substring(r.account from 2)::int as g) n
     cross join lateral (select $3::bigint - 30 * ${DAY} + (n.g::bigint * 30 * ${DAY}) / ${RESPONSES} as at) t
     where r.org_id = $1`,
    [orgId, actId, now],
  );
  const o = (q: Question) => arr(q.options.map((x) => x.id));
  const rows = (q: Question) => arr(q.rows.map((x) => x.id));
  const from = (join = '', cond = '') => `from survey_responses s cross join lateral (select s.reader_id as g) n ${join} where s.act_id = ${actId} ${cond}`;
  const cols = `(org_id, act_id, response_id, question_id, revision, option_id, row_id, num, text, lead, unit_id, submitted_at)`;
  const base = (q: Question) => `s.org_id, s.act_id, s.id, ${q.id}, 1`;
  const tail = 's.unit_id, s.submitted_at';
  for (const statement of [
    `select ${base(single)}, (${o(single)})[1 + n.g % 4], '', null, '', 1, ${tail} ${from()}`,
    `select ${base(multiple)}, (${o(multiple)})[1 + (n.g + k) % 5], '', null, '', (k = 0)::int, ${tail} ${from('cross join generate_series(0, n.g % 3) k')}`,
    `select ${base(dropdown)}, (${o(dropdown)})[1 + (n.g * 3) % 5], '', null, '', 1, ${tail} ${from()}`,
    `select ${base(rating)}, '', '', 1 + (n.g * 7) % 5, '', 1, ${tail} ${from()}`,
    `select ${base(nps)}, '', '', (n.g * 13) % 11, '', 1, ${tail} ${from()}`,
    `select ${base(matrix)}, (${o(matrix)})[1 + (n.g + k) % 3], (${rows(matrix)})[1 + k], null, '', (k = 0)::int, ${tail} ${from('cross join generate_series(0, 3) k')}`,
    `select ${base(ranking)}, (${o(ranking)})[1 + (n.g + k) % 4], '', k + 1, '', (k = 0)::int, ${tail} ${from('cross join generate_series(0, 3) k')}`,
    `select ${base(text)}, '', '', null, (array['《小王子》','《红楼梦》','《三体》','《活着》'])[1 + n.g % 4], 1, ${tail} ${from('', 'and n.g % 2 = 0')}`,
    `select ${base(textarea)}, '', '', null, (array['希望延长开放时间','自习座位紧张','多办讲座','数字资源登录不便'])[1 + n.g % 4] || '（' || n.g || '）', 1, ${tail} ${from('', 'and n.g % 3 = 0')}`,
    `select ${base(cascader)}, (${arr(cascadeLeaves(cascader))})[1 + n.g % 3], '', null, '', 1, ${tail} ${from()}`,
  ])
    await database.query(`insert into survey_answers ${cols} ${statement}`);
  await database.query(`insert into activity_counters (org_id, act_id, name, value) values ($1, $2, 'survey_total', $3)`, [orgId, actId, RESPONSES]);
  await database.query('vacuum analyze');
}

/** Answer rows as the reader API writes them (survey_answers): an option, a matrix cell, a number or a text each. */
interface AnswerRow {
  q: number;
  option_id: string;
  row_id: string;
  num: number | null;
  text: string;
  lead: number;
}

/** Reader i's answers to the ten questions, as sent and as the rows they become. */
function answersOf(qs: Question[], i: number): { answers: Record<string, unknown>; rows: AnswerRow[] } {
  const [single, multiple, dropdown, rating, nps, matrix, ranking, text, textarea, cascader] = qs;
  const row = (q: Question, r: Partial<AnswerRow>, lead = 1): AnswerRow => ({ q: q.id, option_id: '', row_id: '', num: null, text: '', lead, ...r });
  const picked = [multiple.options[i % 5].id, multiple.options[(i + 1) % 5].id];
  const ranked = ranking.options.map((o) => o.id);
  const district = (cascader.options as { id: string; children: { id: string }[] }[])[0];
  const answers = {
    [single.id]: { option: single.options[i % 4].id },
    [multiple.id]: { options: picked },
    [dropdown.id]: { option: dropdown.options[i % 5].id },
    [rating.id]: 1 + (i % 5),
    [nps.id]: i % 11,
    [matrix.id]: Object.fromEntries(matrix.rows.map((r, k) => [r.id, matrix.options[(i + k) % 3].id])),
    [ranking.id]: ranked,
    [text.id]: '《三体》',
    [textarea.id]: `希望多办讲座（${i}）`,
    [cascader.id]: [district.id, district.children[i % 2].id],
  };
  const rows = [
    row(single, { option_id: single.options[i % 4].id }),
    ...picked.map((id, k) => row(multiple, { option_id: id }, k === 0 ? 1 : 0)),
    row(dropdown, { option_id: dropdown.options[i % 5].id }),
    row(rating, { num: 1 + (i % 5) }),
    row(nps, { num: i % 11 }),
    ...matrix.rows.map((r, k) => row(matrix, { option_id: matrix.options[(i + k) % 3].id, row_id: r.id }, k === 0 ? 1 : 0)),
    ...ranked.map((id, k) => row(ranking, { option_id: id, num: k + 1 }, k === 0 ? 1 : 0)),
    row(text, { text: '《三体》' }),
    row(textarea, { text: `希望多办讲座（${i}）` }),
    row(cascader, { option_id: district.children[i % 2].id }),
  ];
  return { answers, rows };
}

function cascadeLeaves(q: Question): string[] {
  const leaves = (xs: { id: string; children?: { id: string }[] }[]): string[] => xs.flatMap((x) => (x.children?.length ? leaves(x.children) : [x.id]));
  return leaves(q.options as { id: string; children?: { id: string }[] }[]);
}

async function run(label: string, database: Database): Promise<void> {
  console.log(`\n== ${label} (${database.driver}) ==`);
  const { base, token, call, close } = await serveAsSuper(database);
  const now = Math.floor(Date.now() / 1000);
  const org = await call<{ id: number }>('POST', '/v1/organizations', { key: ORG, name: '问卷基准机构' });
  await call('POST', `/v1/organizations/${org.id}/authorize`, { module_ids: [], activity_types: [4] });
  const act = await call<{ id: number }>('POST', `/v1/${ORG}/survey`, { title: '读者满意度调查', start_at: now - 40 * DAY, end_at: now + 30 * DAY, config: { per_user: 'once' } });
  const qs: Question[] = [];
  for (const q of QUESTIONS) qs.push(await call<Question>('POST', `/v1/${ORG}/survey/${act.id}/question`, q));
  await call('POST', `/v1/${ORG}/survey/${act.id}/publish`, {});

  const t0 = Date.now();
  await fill(database, act.id, org.id, qs);
  const [{ n }] = await database.query<{ n: string }>('select count(*) n from survey_answers where act_id = $1', [act.id]);
  console.log(`filled ${RESPONSES.toLocaleString()} responses, ${Number(n).toLocaleString()} answer rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const [unit] = await database.query<{ id: number }>(`select id from organizations where key = $1`, [`${ORG}-u3`]);
  const stats = `/v1/${ORG}/survey/${act.id}/stats`;
  const scenarios = [
    ['statistics, all responses', stats],
    ['statistics, one unit', `${stats}?unit_id=${unit.id}`],
    // As the page's date filter sends it: whole China days (the first second of the first, the last of today).
    ['statistics, last 7 days', `${stats}?from=${chinaDayStart(now) - 6 * DAY}&to=${chinaDayStart(now) + DAY - 1}`],
    ['statistics, 7 × 24 hours to now', `${stats}?from=${now - 7 * DAY}&to=${now}`],
    ['cross-tab single × multiple', `/v1/${ORG}/survey/${act.id}/crosstab?row=${qs[0].id}&col=${qs[1].id}`],
    ['long-text answers, keyword', `/v1/${ORG}/survey/${act.id}/question/${qs[8].id}/answers?keyword=${encodeURIComponent('讲座')}&page=1&page_size=20`],
  ] as const;
  const rows: (Figures & { counted: string; first: number })[] = [];
  for (const [name, path] of scenarios) {
    const started = performance.now();
    const probe = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
    const first = Math.round(performance.now() - started);
    const data = ((await probe.json()) as { data: { totals?: { responses: number }; total?: number; _meta?: { totalCount: number } } }).data;
    if (probe.status !== 200) {
      console.log(`${name}: ${probe.status}, skipped`);
      process.exitCode = 1;
      continue;
    }
    const counted = data.totals ? `${data.totals.responses} responses` : data._meta ? `${data._meta.totalCount} answers` : `${data.total} responses`;
    if (name === 'statistics, all responses' && data.totals?.responses !== RESPONSES) {
      console.log(`statistics counted ${data.totals?.responses} responses, not ${RESPONSES}`);
      process.exitCode = 1;
    }
    await measureLoad(base + path, token, 'warm-up', 1);
    rows.push({ ...(await measureLoad(base + path, token, name, duration)), counted, first });
  }
  console.table(rows.map((r) => ({ scenario: r.scenario, counted: r.counted, 'first ms': r.first, 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, 'non-2xx/errors': r.errors })));
  if (!withFloor) return close();

  // Responses against their floor: readers who have not answered yet submit the ten questions,
  // 50 at once; the floor writes the response, its answer rows, the count and the join in one
  // statement on a copy of the questionnaire.
  const newcomers = await database.query<{ id: number; unit_id: number }>(
    `insert into readers (org_id, account, password_hash, real_name, unit_id, source) select $1, 'w' || g, '', '新读者' || g, $2, 'register' from generate_series(1, ${readersNeeded(RESPONSE_ROUNDS)}) g returning id, unit_id`,
    [org.id, unit.id],
  );
  const readerTokens = await Promise.all(newcomers.map(async (r) => (await issueToken(database.db, { kind: 'reader', id: r.id, orgId: org.id, scope: ORG }, 3_600_000)).access_token));
  const [floorAct] = await database.query<{ id: number }>(
    `insert into activities (org_id, type, title, start_at, end_at, is_tmp, published_at, config) select org_id, type, '读者满意度调查（基线）', start_at, end_at, is_tmp, published_at, config from activities where id = $1 returning id`,
    [act.id],
  );
  await database.query(`insert into activity_counters (org_id, act_id, name, value) values ($1, $2, 'survey_total', 0)`, [org.id, floorAct.id]);
  const [{ version }] = await database.query<{ version: number }>('select max(version) version from survey_versions where act_id = $1', [act.id]);
  await againstFloor(database, {
    title: 'questionnaire response (ten questions)',
    concurrency: 50,
    ...RESPONSE_ROUNDS,
    async real(i, timed) {
      const res = await timed('submit a response', () =>
        send(`${base}/v1/${ORG}/client/activities/${act.id}/responses`, {
          method: 'POST',
          headers: { authorization: `Bearer ${readerTokens[i]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ request_id: `bench-response-${i}`, version, answers: answersOf(qs, i).answers, started_at: Math.floor(Date.now() / 1000) - 120 }),
        }),
      );
      if (res.status !== 200) throw new Error(`response: ${res.status} ${await res.text()}`);
    },
    async floor(i, timed, sql) {
      const now = Math.floor(Date.now() / 1000);
      const { answers, rows: cells } = answersOf(qs, i);
      await timed('submit a response', () =>
        sql.query(
          `with response as (
             insert into survey_responses (org_id, act_id, reader_id, unit_id, version, status, answers, started_at, submitted_at, day, duration_sec, channel, created_at, updated_at)
             values ($1, $2, $3, $4, $13, 1, $5::jsonb, $6 - 120, $6, to_char(to_timestamp($6) at time zone 'Asia/Shanghai', 'YYYY-MM-DD'), 120, 'web', $6, $6) returning id),
           answer_rows as (
             insert into survey_answers (org_id, act_id, response_id, question_id, revision, option_id, row_id, num, text, lead, unit_id, submitted_at)
             select $1, $2, response.id, c.q, 1, c.option_id, c.row_id, c.num, c.text, c.lead, $4, $6 from response, unnest($7::int[], $8::text[], $9::text[], $10::float8[], $11::text[], $12::int[]) c(q, option_id, row_id, num, text, lead)),
           counted as (update activity_counters set value = value + 1 where act_id = $2 and name = 'survey_total')
           insert into activity_joins (org_id, act_id, reader_id) values ($1, $2, $3) on conflict do nothing`,
          [org.id, floorAct.id, newcomers[i].id, newcomers[i].unit_id, JSON.stringify(answers), now, ...(['q', 'option_id', 'row_id', 'num', 'text', 'lead'] as const).map((k) => cells.map((c) => c[k])), version],
        ),
      );
    },
  });
  await close();
}

if (!process.env.SURVEY_BENCH_NO_RUN) await onEachDatabase({ postgres: wantPostgres(args), onQuery: statementCount.onQuery }, run);
