import { describe, expect, it } from 'vitest';
import { RememberedReads, WriteWatch, tablesOf } from '../src/db/writeWatch.js';
import { byText } from '../src/db/byText.js';

describe('write watch and remembered reads', () => {
  it('a write statement changes its table stamp only; reads change nothing; an unknown statement changes every stamp', () => {
    const w = new WriteWatch();
    const a = w.stamp(['managers']);
    const b = w.stamp(['tokens']);
    w.observe('select * from "managers"');
    w.observe('begin');
    expect(w.stamp(['managers'])).toBe(a);
    w.observe('insert into "managers" ("account") values ($1)');
    expect(w.stamp(['managers'])).not.toBe(a);
    expect(w.stamp(['tokens'])).toBe(b);
    w.observe('UPDATE tokens SET revoked_at = 1');
    expect(w.stamp(['tokens'])).not.toBe(b);
    const c = w.stamp(['carousel']);
    w.observe('with x as (delete from "carousel" returning id) select count(*) from x');
    expect(w.stamp(['carousel'])).not.toBe(c);
  });

  it('a statement with common table expressions changes the stamps of the tables it writes only (issue 22)', () => {
    const w = new WriteWatch();
    const tokens = w.stamp(['tokens']);
    const attempts = w.stamp(['contest_attempts']);
    const answers = w.stamp(['contest_answers']);
    const requests = w.stamp(['reader_requests']);
    w.observe(`with a as (select id from "contest_attempts" where id = $1 for update of "contest_attempts"),
      kept as (insert into "reader_requests" (reader_id) select $2::int where true on conflict do nothing returning 1)
      insert into "contest_answers" (attempt_id) select id from a on conflict (attempt_id) do update set answer = excluded.answer returning 1`);
    expect(w.stamp(['contest_answers'])).not.toBe(answers);
    expect(w.stamp(['reader_requests'])).not.toBe(requests);
    expect(w.stamp(['contest_attempts'])).toBe(attempts);
    expect(w.stamp(['tokens'])).toBe(tokens);
    w.observe('with recursive up as (select id from organizations) select id from up');
    expect(w.stamp(['tokens'])).toBe(tokens);
    // A write it cannot place changes every stamp.
    w.observe('with x as (select 1) merge into "tokens" t using x on false when not matched then do nothing');
    expect(w.stamp(['contest_attempts'])).not.toBe(attempts);
  });

  it('commit changes again the stamps of the tables its transaction wrote', () => {
    const w = new WriteWatch();
    w.observe('begin');
    w.observe('delete from "org_users" where id = $1');
    const written = w.stamp(['org_users']);
    const other = w.stamp(['students']);
    w.observe('commit');
    expect(w.stamp(['org_users'])).not.toBe(written);
    expect(w.stamp(['students'])).toBe(other);
  });

  it('a commit changes again only the stamps of the tables its own transaction wrote (issue 22)', () => {
    const w = new WriteWatch();
    const signIn = {};
    const reader = {};
    // A write outside a transaction, on a connection a transaction later uses: advanced when sent and done, not at that commit.
    w.observe('insert into "tokens" ("token_hash") values ($1)', reader);
    w.observe('insert into "tokens" ("token_hash") values ($1)', reader);
    w.observe('begin', signIn);
    w.observe('insert into "tokens" ("token_hash") values ($1)', signIn);
    w.observe('commit', signIn);
    w.observe('commit', signIn);
    const tokens = w.stamp(['tokens']);
    w.observe('begin', reader);
    w.observe('begin', reader);
    w.observe('insert into "contest_attempts" ("id") values ($1)', reader);
    const attempts = w.stamp(['contest_attempts']);
    w.observe('commit', reader);
    expect(w.stamp(['tokens'])).toBe(tokens);
    expect(w.stamp(['contest_attempts'])).not.toBe(attempts);
    // Seen again when done: a read that ran while the commit was under way is not kept either.
    const sent = w.stamp(['contest_attempts']);
    w.observe('commit', reader);
    expect(w.stamp(['contest_attempts'])).not.toBe(sent);
    const done = w.stamp(['contest_attempts']);
    w.observe('commit', reader);
    expect(w.stamp(['contest_attempts'])).toBe(done);
  });

  it('names the tables a statement reads', () => {
    expect(tablesOf('select count(*) from (select 1 from "managers" inner join "organizations" on x limit $1) "counted"').sort()).toEqual(['managers', 'organizations']);
  });

  it('reuses a read until a table it read is written, and never keeps a read a write overtook', async () => {
    const w = new WriteWatch();
    const reads = new RememberedReads<number>(w, 60_000);
    let calls = 0;
    const read = async () => ++calls;
    expect(await reads.get('k', ['managers'], read)).toBe(1);
    expect(await reads.get('k', ['managers'], read)).toBe(1);
    w.observe('insert into "tokens" ("x") values (1)');
    expect(await reads.get('k', ['managers'], read)).toBe(1);
    w.observe('update "managers" set "x" = 1');
    expect(await reads.get('k', ['managers'], read)).toBe(2);
    // A write lands while reading: the value is returned but not kept.
    w.observe('update "managers" set "x" = 2');
    const racing = async () => {
      w.observe('delete from "managers"');
      return ++calls;
    };
    expect(await reads.get('k', ['managers'], racing)).toBe(3);
    expect(await reads.get('k', ['managers'], read)).toBe(4);
    expect(await reads.get('k', ['managers'], read)).toBe(4);
  });

  it('shares a read under way with requests arriving before anything is written, not after', async () => {
    const w = new WriteWatch();
    const reads = new RememberedReads<number>(w, 0);
    let calls = 0;
    let finish!: () => void;
    const slow = () => new Promise<number>((resolve) => (finish = () => resolve(++calls)));
    const first = reads.get('k', ['activities'], slow);
    const together = reads.get('k', ['activities'], async () => ++calls);
    w.observe('update "activities" set "join_num" = 1');
    const after = reads.get('k', ['activities'], async () => ++calls);
    finish();
    expect(await Promise.all([first, together, after])).toEqual([2, 2, 1]);
    expect(calls).toBe(2);
  });

  it('with stale, answers the value kept while one read in the background replaces it; only a caller with nothing kept waits', async () => {
    const w = new WriteWatch();
    const reads = new RememberedReads<number>(w, 60_000);
    let calls = 0;
    let finish!: () => void;
    const slow = () => new Promise<number>((resolve) => (finish = () => resolve(++calls)));
    const first = reads.get('k', ['questions'], async () => ++calls, { stale: true });
    expect(await first).toBe(1);
    w.observe('update "questions" set "used_count" = 1');
    // Two callers after the write: both answered the kept 1 at once, one read started.
    expect(await reads.get('k', ['questions'], slow, { stale: true })).toBe(1);
    expect(await reads.get('k', ['questions'], slow, { stale: true })).toBe(1);
    finish();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toBe(2);
    expect(await reads.get('k', ['questions'], async () => ++calls, { stale: true })).toBe(2);
    // A failed background read leaves the kept value; the next caller's read replaces it.
    w.observe('update "questions" set "used_count" = 2');
    expect(await reads.get('k', ['questions'], () => Promise.reject(new Error('down')), { stale: true })).toBe(2);
    await new Promise((r) => setTimeout(r, 0));
    expect(await reads.get('k', ['questions'], async () => 7, { stale: true })).toBe(2);
    await new Promise((r) => setTimeout(r, 0));
    expect(await reads.get('k', ['questions'], async () => 8, { stale: true })).toBe(7);
  });

  it('keeps a found row past inserts of other rows but not past a change, inside a transaction too; a miss only while nothing is written (issue 25)', async () => {
    const w = new WriteWatch();
    const reads = new RememberedReads<string | null>(w, 60_000, 100, (v) => v !== null);
    let calls = 0;
    const found = async () => `token${++calls}`;
    expect(await reads.get('t', ['tokens', 'readers'], found)).toBe('token1');
    w.observe('insert into "tokens" ("token_hash") values ($1)');
    w.observe('insert into "readers" ("account") values ($1)');
    expect(await reads.get('t', ['tokens', 'readers'], found)).toBe('token1');
    // An upsert may change a row already there.
    w.observe('insert into "readers" ("account") values ($1) on conflict (account) do update set is_pause = 1');
    expect(await reads.get('t', ['tokens', 'readers'], found)).toBe('token2');
    const session = {};
    w.observe('begin', session);
    w.observe('update "tokens" set "revoked_at" = $1 where "id" = $2', session);
    expect(await reads.get('t', ['tokens', 'readers'], found)).toBe('token3');
    w.observe('commit', session);
    expect(await reads.get('t', ['tokens', 'readers'], found)).toBe('token4');
    // Nothing found: any insert may make it found.
    const missing = async () => (++calls, null);
    expect(await reads.get('m', ['tokens'], missing)).toBe(null);
    expect(await reads.get('m', ['tokens'], missing)).toBe(null);
    expect(calls).toBe(5);
    w.observe('insert into "tokens" ("token_hash") values ($1)');
    await reads.get('m', ['tokens'], missing);
    expect(calls).toBe(6);
  });

  it('forgets a read after its time', async () => {
    const w = new WriteWatch();
    const reads = new RememberedReads<number>(w, 0);
    let calls = 0;
    await reads.get('k', ['managers'], async () => ++calls);
    await new Promise((r) => setTimeout(r, 5));
    expect(await reads.get('k', ['managers'], async () => ++calls)).toBe(2);
  });
});

describe('facts kept by a statement\'s text (db/byText.ts)', () => {
  it('works a text out once while it is kept, a falsy answer included, and starts again when full', () => {
    const worked: string[] = [];
    const writes = byText((text) => (worked.push(text), text.startsWith('insert') ? text.length : null), 2);
    expect(writes('insert into a')).toBe(13);
    expect(writes('select 1')).toBeNull();
    // The same texts again, as new strings: answered from what was kept.
    expect(writes(['insert', 'into a'].join(' '))).toBe(13);
    expect(writes(String(['select 1']))).toBeNull();
    expect(worked).toEqual(['insert into a', 'select 1']);
    // A third text when two are kept: the kept ones are dropped, so their next call works them out again.
    expect(writes('insert b')).toBe(8);
    expect(writes('select 1')).toBeNull();
    expect(worked).toEqual(['insert into a', 'select 1', 'insert b', 'select 1']);
  });
});
