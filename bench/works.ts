/**
 * Benchmark: works and votes at scale (issue 12).
 *
 *   npx tsx bench/works.ts          # PGlite; PostgreSQL too with --pg or DATABASE_URL
 *   npx tsx bench/works.ts --pg-only --duration 5
 *
 * Fill (bulk SQL): organisation `benchwork` with 100,000 readers; a type 1 activity (a work
 * configuration of one text creation type and three groups in `config.work`) holding 100,000 works
 * of every state, numbered where approved, with the activity's work-number counter set to match;
 * a type 2 activity (vote rules in its config) with 1,000 sources imported from approved works and
 * 5,000,000 votes spread over the sources, the readers, 10,000 addresses and the last 30 days
 * (97 % valid, 2 % suspect, 1 % void), the sources' counters and the tallies (voting/tallies.ts)
 * computed from them. Measured over real HTTP at 10 connections: the administrators' works list
 * (page 1, a state filter, a keyword) and the voting results; then 50 readers, signed in one after
 * another through the reader login, casting 3-source ballots concurrently for the duration from a
 * process of their own (bench/voters.ts), each from an address of its own, then 50 others from one
 * shared address: ballots/s, p50 and p99, and afterwards no reader above the votes per day nor per
 * source per day, the counters and today's tallies equal to the votes. Then ballots against their
 * floor (bench/floor.ts): 1,200 readers who joined, one ballot each, 50 at once, in 3 rounds; the
 * floor writes the votes, the sources' counters and the tallies, the floor of the same rows the
 * vote's points and the kept answer too.
 * `--scale 0.02` fills 2 % of the sizes (trying the script out).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chinaDayKey, voteRulesSchema, workConfigSchema } from '@huodong/domain';
import { onEachDatabase, wantPostgres } from './databases.js';
import type { Outcome, VotersTask } from './voters.js';
import { measureLoad, type Figures } from './load.js';
import { serveAsSuper } from './serve.js';
import { againstFloor, newReaders, readersNeeded, sameKeptSql, samePointsSql, statementCount } from './floor.js';
import { issueToken } from '../apps/server/src/auth/tokens.js';
import type { Database } from '../apps/server/src/db/client.js';
import { VOTE_DAY_SLOTS } from '../apps/server/src/kinds/voting/tallies.js';
import { hashPassword } from '../apps/server/src/auth/passwords.js';
import { send } from './client.js';

const args = process.argv.slice(2);
const duration = Number(args[args.indexOf('--duration') + 1]) || 5;
const ORG = 'benchwork';
/** `--scale F` (default 1) multiplies the sizes, for trying the script out on less data. */
const scale = Number(args[args.indexOf('--scale') + 1]) || 1;
const READERS = Math.round(100_000 * scale);
const WORKS = READERS;
// From the approved works (7 states in 20 are approved): 1,000, fewer when scaled down.
const SOURCES = Math.min(1000, Math.floor(WORKS * 0.3));
const VOTES = Math.round(5_000_000 * scale);
const VOTERS = 50;
/** Ballots measured against their floor: one reader each (one more for the probe). */
const BALLOT_ROUNDS = { rounds: 3, perRound: 400 };
const DAY = 86_400;
const READER_PASSWORD = 'Bench#Reader1';

const WORK_CONFIG = workConfigSchema(1).parse({
  creation_types: [{ id: 1, name: '征文', media: 'text', text_min_words: 5, text_max_words: 2000 }],
  groups: [
    { id: 1, code: 'P', name: '小学' },
    { id: 2, code: 'M', name: '初中' },
    { id: 3, code: 'H', name: '高中' },
  ],
  author_fields: { unit: 'optional', phone: 'optional' },
});
const VOTE_RULES = voteRulesSchema().parse({
  captcha: 'off',
  min_interval_sec: 0,
  max_select: 3,
  min_select: 1,
  votes_per_day: 100,
  per_source_per_day: 2,
  ip_per_day: 0,
  ip_per_source_per_day: 0,
});

/** Work states by g % 20: mostly approved and beyond, some waiting, rejected, withdrawn, drafts. */
const STATES = `(array['draft','submitted','submitted','approved','approved','approved','approved','approved','approved','rejected','withdrawn','shortlisted','shortlisted','reviewed','reviewed','awarded','not_awarded','not_awarded','approved','disqualified'])[1 + g % 20]`;
const TITLES = `(array['我的读书故事','书香伴我成长','阅读点亮人生','家乡的变化','我和图书馆'])[1 + g % 5]`;

export async function fill(db: Database): Promise<{ orgId: number; worksAct: number; voteAct: number }> {
  const now = Math.floor(Date.now() / 1000);
  const [org] = await db.query<{ id: number }>(`insert into organizations (key, name, activity_types) values ($1, '作品基准机构', '[1,2]'::jsonb) returning id`, [ORG]);
  const hash = await hashPassword(READER_PASSWORD);
  await db.query(
    `insert into readers (org_id, account, password_hash, real_name, unit, source, created_at)
     select $1, 'r' || g, $2, '读者' || g, (array['实验小学','第一中学','第二中学','外国语学校'])[1 + g % 4], 'register', $3 - 90 * ${DAY}
     from generate_series(1, ${READERS}) g`,
    [org.id, hash, now],
  );
  const [works] = await db.query<{ id: number }>(
    `insert into activities (org_id, type, title, start_at, end_at, is_tmp, published_at, config)
     values ($1, 1, '书香征文大赛', $2, $3, 0, $2, $4::jsonb) returning id`,
    [org.id, now - 60 * DAY, now + 30 * DAY, JSON.stringify({ work: WORK_CONFIG })],
  );
  const [vote] = await db.query<{ id: number }>(
    `insert into activities (org_id, type, title, start_at, end_at, is_tmp, published_at, config)
     values ($1, 2, '优秀作品网络投票', $2, $3, 0, $2, $4::jsonb) returning id`,
    [org.id, now - 31 * DAY, now + 10 * DAY, JSON.stringify(VOTE_RULES)],
  );
  // One work per reader; numbers (act-group-NNNNNN, numbered per group as nextWorkNo does) for the
  // states after approval.
  await db.query(
    `insert into works (org_id, act_id, reader_id, creation_type_id, group_id, title, content, author, pledge, status, reason, work_no, check_pending, submitted_at, approved_at, created_at, updated_at)
     select $1::int, $2::int, r.id, 1, 1 + g % 3, ${TITLES} || g, '读书使人明智，读史使人明智。这是第' || g || '篇作品。',
            jsonb_build_object('real_name', '读者' || g, 'unit', (array['实验小学','第一中学','第二中学','外国语学校'])[1 + g % 4]),
            1, s.status, case when s.status in ('rejected','disqualified') then '内容与主题不符' else '' end,
            case when s.status not in ('draft','submitted','rejected','withdrawn') then $2::int || '-' || (array['P','M','H'])[1 + g % 3] || '-' || lpad((g / 3 + 1)::text, 6, '0') end,
            case when s.status = 'submitted' then 1 else 0 end,
            case when s.status <> 'draft' then $3 - 50 * ${DAY} + g * 40 end,
            case when s.status not in ('draft','submitted','rejected','withdrawn') then $3 - 50 * ${DAY} + g * 40 + 3600 end,
            $3 - 50 * ${DAY} + g * 40, $3 - 50 * ${DAY} + g * 40
     from generate_series(1, ${WORKS}) g
     cross join lateral (select ${STATES} as status) s
     join readers r on r.org_id = $1::int and r.account = 'r' || g
     order by g`,
    [org.id, works.id, now],
  );
  await db.query(
    `insert into activity_counters (org_id, act_id, name, value) select $1, $2, 'no:' || code, ${Math.ceil(WORKS / 3) + 1} from unnest(array['P','M','H']) code on conflict do nothing`,
    [org.id, works.id],
  );
  // The sources: the first 1,000 approved works, imported into the vote.
  await db.query(
    `insert into vote_sources (org_id, act_id, title, author, intro, group_name, sort, status, origin, work_id)
     select $1, $2, w.title, w.author->>'real_name', left(w.content, 50), '', row_number() over (order by w.id), 1, 'work', w.id
     from (select * from works where act_id = $3 and status = 'approved' order by id limit ${SOURCES}) w`,
    [org.id, vote.id, works.id],
  );
  // 5,000,000 votes over the sources (skewed: low numbers get more), readers, addresses and the
  // 30 days before today; `day` the China day of created_at.
  await db.query(
    `insert into votes (org_id, act_id, source_id, reader_id, day, ip, device_id, ua_hash, status, reason, request_id, created_at)
     select $1, $2, s.ids[(1 + ((g * 7919) % ${SOURCES}) * ((g * 31) % ${SOURCES}) / ${SOURCES})::int], r0 + (g * 48271) % ${READERS},
            to_char(to_timestamp(t.at) at time zone 'Asia/Shanghai', 'YYYYMMDD'),
            '10.' || (g % 40) || '.' || ((g / 40) % 250) || '.' || (g % 7), '', '',
            case when g % 100 < 97 then 'valid' when g % 100 < 99 then 'suspect' else 'void' end,
            case when g % 100 < 97 then '' when g % 100 < 99 then '同一IP投票过多' else '刷票' end,
            'fill-' || g / 3, t.at
     from generate_series(1::bigint, ${VOTES}) g
     cross join (select array_agg(id order by id) ids from vote_sources where act_id = $2) s
     cross join (select min(id) r0 from readers where org_id = $1) rr
     cross join lateral (select $3 - 31 * ${DAY} + (g * 30 * ${DAY}) / ${VOTES} as at) t`,
    [org.id, vote.id, now - (now % DAY)],
  );
  // The counters as ballots and voids would have kept them.
  await db.query(
    `update vote_sources s set vote_count = c.valid, suspect_count = c.suspect, void_count = c.void, reached_at = c.reached
     from (select source_id, count(*) filter (where status = 'valid')::int valid, count(*) filter (where status = 'suspect')::int suspect,
                  count(*) filter (where status = 'void')::int void, max(created_at) filter (where status = 'valid') reached
           from votes where act_id = $1 group by source_id) c
     where c.source_id = s.id`,
    [vote.id],
  );
  // The tallies as ballots would have kept them (voting/tallies.ts: the day figures in slots by reader, each reader's days, each address's valid votes).
  const slots = VOTE_DAY_SLOTS;
  for (const statement of [
    `insert into vote_days (org_id, act_id, day, slot, valid, suspect, voters)
     select org_id, act_id, day, reader_id % ${slots}, count(*) filter (where status = 'valid'), count(*) filter (where status = 'suspect'), count(distinct reader_id) from votes where act_id = $1 group by org_id, act_id, day, reader_id % ${slots}
     union all select org_id, act_id, '', reader_id % ${slots}, 0, 0, count(distinct reader_id) from votes where act_id = $1 group by org_id, act_id, reader_id % ${slots}`,
    `insert into vote_reader_days (org_id, act_id, reader_id, day, votes, last_at) select org_id, act_id, reader_id, day, count(*), max(created_at) from votes where act_id = $1 group by org_id, act_id, reader_id, day
     union all select org_id, act_id, reader_id, '', count(*), max(created_at) from votes where act_id = $1 group by org_id, act_id, reader_id`,
    `insert into vote_address_days (org_id, act_id, day, ip, source_id, valid)
     select org_id, act_id, day, ip, 0, count(*) from votes where act_id = $1 and status = 'valid' group by org_id, act_id, day, ip
     union all select org_id, act_id, day, ip, source_id, count(*) from votes where act_id = $1 and status = 'valid' group by org_id, act_id, day, ip, source_id`,
  ])
    await db.query(statement, [vote.id]);
  await db.query('vacuum analyze');
  return { orgId: org.id, worksAct: works.id, voteAct: vote.id };
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);

/** The voters of one phase in their own process (bench/voters.ts): every timed outcome and the seconds they took. */
async function castElsewhere(task: VotersTask): Promise<{ outcomes: Outcome[]; seconds: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./voters.ts', import.meta.url))], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(task));
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => child.on('error', reject).on('exit', resolve));
  if (code !== 0) throw new Error(`voters exited with ${code}`);
  return JSON.parse(out) as { outcomes: Outcome[]; seconds: number };
}

async function run(label: string, database: Database): Promise<void> {
  console.log(`\n== ${label} (${database.driver}) ==`);
  const t0 = Date.now();
  const { orgId, worksAct, voteAct } = await fill(database);
  console.log(`filled ${READERS.toLocaleString()} readers, ${WORKS.toLocaleString()} works, ${SOURCES.toLocaleString()} sources, ${VOTES.toLocaleString()} votes in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // trustProxy: the ballots' addresses come from X-Forwarded-For, as behind the site's proxy.
  const { base, token, close } = await serveAsSuper(database, { trustProxy: '127.0.0.1' });

  const works = `/v1/${ORG}/original/${worksAct}/work`;
  const scenarios = [
    ['works list, page 1', `${works}?page=1&page_size=10`],
    ['works list, submitted', `${works}?status=submitted&page=1&page_size=10`],
    ['works list, awarded, group 2', `${works}?status=awarded&group_id=2&page=1&page_size=10`],
    ['works list, keyword', `${works}?keyword=${encodeURIComponent('书香伴我成长1234')}&page=1&page_size=10`],
    ['vote results', `/v1/${ORG}/evaluation/${voteAct}/results`],
  ] as const;
  const rows: (Figures & { total: string; first: number })[] = [];
  for (const [name, path] of scenarios) {
    const started = performance.now();
    const probe = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
    const first = Math.round(performance.now() - started);
    if (probe.status !== 200) {
      console.log(`${name}: ${probe.status} ${(await probe.text()).slice(0, 200)}, skipped`);
      process.exitCode = 1;
      continue;
    }
    const data = ((await probe.json()) as { data: { _meta?: { totalCount: number; totalCapped?: boolean }; totals?: { valid: number; voters: number }; rows?: unknown[] } }).data;
    const total = data._meta ? `${data._meta.totalCount}${data._meta.totalCapped ? '+' : ''}` : `${data.rows?.length} sources, ${data.totals?.valid} valid, ${data.totals?.voters} voters`;
    await measureLoad(base + path, token, 'warm-up', 1);
    rows.push({ ...(await measureLoad(base + path, token, name, duration)), total, first });
  }
  // req/s 0: no request finished within the duration (see 'first ms' for one request alone).
  console.table(rows.map((r) => ({ scenario: r.scenario, matches: r.total, 'first ms': r.first, 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, 'non-2xx/errors': r.errors })));

  // 2 × 50 readers sign in through the reader login (throttled: one after another), then each 50
  // cast ballots of 3 sources concurrently in a process of their own (bench/voters.ts), each
  // reader its own ballots in turn, for the duration: first each reader from an address of its
  // own (X-Forwarded-For, as behind the site's proxy), then all 50 from one address (a school's or
  // a library's shared exit) — its tally row is then shared by every ballot.
  const tokens: string[] = [];
  for (let i = 1; i <= 2 * VOTERS; i++) {
    const res = await fetch(`${base}/v1/${ORG}/client/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: `r${i}`, password: READER_PASSWORD }) });
    const answer = (await res.json()) as { message?: string; data: { access_token: string } };
    if (res.status !== 200) throw new Error(`reader login r${i}: ${res.status} ${answer.message}`);
    tokens.push(answer.data.access_token);
  }
  const sourceIds = (await database.query<{ id: number }>('select id from vote_sources where act_id = $1 order by id', [voteAct])).map((s) => s.id);
  const outcomes: Outcome[] = [];
  const phases = [];
  for (const [phase, first, addressOf] of [
    ['an address each', 0, (i: number) => `10.250.${Math.floor(i / 250)}.${(i % 250) + 1}`],
    ['one address', VOTERS, () => null],
  ] as const) {
    const voters = tokens.slice(first, first + VOTERS).map((_, k) => first + k);
    const { outcomes: mine, seconds } = await castElsewhere({
      url: `${base}/v1/${ORG}/client/activities/${voteAct}/ballots`,
      tokens: voters.map((i) => tokens[i]),
      addresses: voters.map(addressOf),
      sourceIds,
      seconds: duration,
      prefix: `bench-ballot-${first}`,
    });
    const accepted = mine.filter((o) => o.status === 200);
    const atLimit = mine.filter((o) => o.status === 403 && o.gate === 40008);
    const all = mine.map((o) => o.ms).sort((a, b) => a - b);
    const ok = accepted.map((o) => o.ms).sort((a, b) => a - b);
    outcomes.push(...mine);
    phases.push({
      voters: `${VOTERS}, ${phase}`,
      ballots: mine.length,
      accepted: accepted.length,
      'refused (daily limit)': atLimit.length,
      other: mine.length - accepted.length - atLimit.length,
      'ballots/s': Math.round(mine.length / seconds),
      'p50 ms': Math.round(percentile(all, 50)),
      'p99 ms': Math.round(percentile(all, 99)),
      'accepted p99 ms': Math.round(percentile(ok, 99)),
    });
  }

  // Ballots against their floor: readers who joined already (an earlier ballot of theirs joined
  // them; here the join rows are written first), one 3-source ballot each, 50 at once, from an
  // address each; the floor writes the votes, the sources' counters and the tallies in one
  // statement on a copy of the vote with sources of its own.
  const votersNeeded = readersNeeded(BALLOT_ROUNDS);
  const floorVoters = await database.query<{ id: number }>(`select id from readers where org_id = $1 and account like 'r%' order by id offset ${2 * VOTERS} limit ${votersNeeded}`, [orgId]);
  // A small --scale fills fewer readers than the rounds and the warm-up take: the rest made here.
  if (floorVoters.length < votersNeeded)
    floorVoters.push(...(await newReaders(database, orgId, votersNeeded - floorVoters.length, 'v')));
  await database.query(
    `insert into activity_joins (org_id, act_id, reader_id) select $1, $2, id from unnest($3::int[]) id on conflict do nothing`,
    [orgId, voteAct, floorVoters.map((r) => r.id)],
  );
  const ballotTokens = await Promise.all(floorVoters.map(async (r) => (await issueToken(database.db, { kind: 'reader', id: r.id, orgId, scope: ORG }, 3_600_000)).access_token));
  // A copy of the vote with sources of its own, for a floor.
  const voteCopy = async (title: string) => {
    const [copy] = await database.query<{ id: number }>(
      `insert into activities (org_id, type, title, start_at, end_at, is_tmp, published_at, config) select org_id, type, $2, start_at, end_at, is_tmp, published_at, config from activities where id = $1 returning id`,
      [voteAct, title],
    );
    const sources = await database.query<{ id: number }>(
      `insert into vote_sources (org_id, act_id, title, author, intro, group_name, sort, status, origin) select org_id, $2, title, author, intro, group_name, sort, status, 'manual' from vote_sources where act_id = $1 order by id returning id`,
      [voteAct, copy.id],
    );
    return { id: copy.id, sources: sources.map((r) => r.id) };
  };
  const floorVote = await voteCopy('优秀作品网络投票（基线）');
  const sameRowsVote = await voteCopy('优秀作品网络投票（同行基线）');
  // The same-rows floor's voters: their points are none of the real calls' voters'.
  const sameRowsVoters = await newReaders(database, orgId, votersNeeded, 'sv');
  const threeOf = (ids: number[]) => {
    const chosen = new Set<number>();
    while (chosen.size < 3) chosen.add(ids[Math.floor(Math.random() * ids.length)]);
    return [...chosen];
  };
  const addressOf = (i: number) => `10.251.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  const chinaDay = () => chinaDayKey(Math.floor(Date.now() / 1000));
  // The floor's votes, counters and tallies; the addresses' tallies last. Parameters: $1 the organisation,
  // $2 the vote, $3 the reader, $4 the China day, $5 the address, $6 the request id, $7 the moment, $8 the sources.
  const castSql = `cast_votes as (
             insert into votes (org_id, act_id, source_id, reader_id, day, ip, device_id, ua_hash, status, reason, request_id, created_at)
             select $1, $2, s, $3, $4::varchar, $5::varchar, '', '', 'valid', '', $6, $7 from unnest($8::int[]) s
             where coalesce((select votes from vote_reader_days where act_id = $2 and reader_id = $3 and day = $4::varchar), 0) + 3 <= ${VOTE_RULES.votes_per_day}
             returning source_id),
           counted as (update vote_sources set vote_count = vote_count + 1, reached_at = $7 where id in (select source_id from cast_votes)),
           reader_day as (
             insert into vote_reader_days (org_id, act_id, reader_id, day, votes, last_at) select $1, $2, $3, d, count(*), $7 from cast_votes, unnest(array[$4::varchar, '']) d group by d
             on conflict (act_id, reader_id, day) do update set votes = vote_reader_days.votes + excluded.votes, last_at = excluded.last_at returning day, (xmax = 0) first),
           day_slot as (
             insert into vote_days (org_id, act_id, day, slot, valid, suspect, voters) select $1, $2, $4::varchar, $3 % ${VOTE_DAY_SLOTS}, (select count(*) from cast_votes), 0, count(*) filter (where first and day <> '') from reader_day
             on conflict (act_id, day, slot) do update set valid = vote_days.valid + excluded.valid, voters = vote_days.voters + excluded.voters)`;
  const addressesSql = `insert into vote_address_days (org_id, act_id, day, ip, source_id, valid) select $1, $2, $4::varchar, $5::varchar, s, case when s = 0 then 3 else 1 end from unnest(array[0] || $8::int[]) s
           on conflict (act_id, day, ip, source_id) do update set valid = vote_address_days.valid + excluded.valid`;
  const ballotParams = (act: number, reader: number, requestId: string, i: number, sources: number[]) =>
    [orgId, act, reader, chinaDay(), addressOf(i), requestId, Math.floor(Date.now() / 1000), threeOf(sources)];
  await againstFloor(database, {
    title: 'ballot of 3 sources',
    concurrency: VOTERS,
    ...BALLOT_ROUNDS,
    async real(i, timed) {
      const res = await timed('ballot', () =>
        send(`${base}/v1/${ORG}/client/activities/${voteAct}/ballots`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ballotTokens[i]}`, 'content-type': 'application/json', 'x-forwarded-for': addressOf(i) },
          body: JSON.stringify({ request_id: `bench-floor-ballot-${i}`, source_ids: threeOf(sourceIds) }),
        }),
      );
      if (res.status !== 200) throw new Error(`ballot: ${res.status} ${await res.text()}`);
    },
    async floor(i, timed, sql) {
      await timed('ballot', () => sql.query(`with ${castSql} ${addressesSql}`, ballotParams(floorVote.id, floorVoters[i].id, `bench-floor-${i}`, i, floorVote.sources)));
    },
    // The rows a ballot writes: the floor's, the vote's points (ledger row, the day's and the rule's
    // counters, the balance, the activity's total) and the answer kept by its request id.
    async sameRows(i, timed, sql) {
      await timed('ballot', () =>
        sql.query(
          `with ${castSql}, addresses as (${addressesSql}), paid as (select 1 from cast_votes limit 1),
           ${samePointsSql('paid', [`(1, 'vote', 'ballot', $6::varchar, 'vote:ballot:' || $2 || ':' || $6)`], [`('d:' || $4, 1, 200)`, `('d:' || $4 || ':vote', 1, 3)`], 1, '$7')}
           ${sameKeptSql('paid', '$6', `jsonb_build_object('votes', (select jsonb_agg(jsonb_build_object('source_id', source_id, 'status', 'valid')) from cast_votes))`)}
           returning 1`,
          ballotParams(sameRowsVote.id, sameRowsVoters[i].id, `bench-same-${i}`, i, sameRowsVote.sources),
        ),
      );
    },
  });

  // Afterwards: no reader above the daily limits; the counters are the votes.
  const today = chinaDay();
  const [day] = await database.query<{ most: number; readers: number }>(
    `select coalesce(max(n), 0)::int most, count(*)::int readers from (select reader_id, count(*) n from votes where act_id = $1 and day = $2 group by reader_id) x`,
    [voteAct, today],
  );
  const [perSource] = await database.query<{ most: number }>(
    `select coalesce(max(n), 0)::int most from (select count(*) n from votes where act_id = $1 and day = $2 group by reader_id, source_id) x`,
    [voteAct, today],
  );
  const [drift] = await database.query<{ n: number }>(
    `select count(*)::int n from vote_sources s
     left join (select source_id, count(*) filter (where status = 'valid') valid, count(*) filter (where status = 'suspect') suspect from votes where act_id = $1 group by source_id) c on c.source_id = s.id
     where s.act_id = $1 and (s.vote_count <> coalesce(c.valid, 0) or s.suspect_count <> coalesce(c.suspect, 0))`,
    [voteAct],
  );
  // The tallies of today (voting/tallies.ts) against the votes: the day's figures and each reader's day.
  const [tallies] = await database.query<{ n: number }>(
    `select ((select count(*) from (select reader_id, count(*)::int n from votes where act_id = $1 and day = $2 group by reader_id
                                     except select reader_id, votes from vote_reader_days where act_id = $1 and day = $2) x)
           + (select count(*) from (select count(*) filter (where status = 'valid')::int, count(*) filter (where status = 'suspect')::int, count(distinct reader_id)::int from votes where act_id = $1 and day = $2
                                     except select sum(valid)::int, sum(suspect)::int, sum(voters)::int from vote_days where act_id = $1 and day = $2) y))::int n`,
    [voteAct, today],
  );
  console.table(phases);
  console.table([
    {
      [`most votes of a reader today (limit ${VOTE_RULES.votes_per_day})`]: day.most,
      'readers who voted today': day.readers,
      [`most votes reader × source today (limit ${VOTE_RULES.per_source_per_day})`]: perSource.most,
      'sources whose counters ≠ votes': drift.n,
      'tallies of today ≠ votes': tallies.n,
    },
  ]);
  const others = outcomes.filter((o) => o.status !== 200 && !(o.status === 403 && o.gate === 40008));
  if (others.length) console.log('unexpected answers:', [...new Set(others.map((o) => `${o.status}/${o.gate ?? '-'}`))].join(', '));
  if (day.most > VOTE_RULES.votes_per_day || perSource.most > VOTE_RULES.per_source_per_day || drift.n !== 0 || tallies.n !== 0 || others.length) process.exitCode = 1;
  await close();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await onEachDatabase({ postgres: wantPostgres(args), onQuery: statementCount.onQuery }, run);
