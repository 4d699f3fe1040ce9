/**
 * The one job runner (jobs/runner.ts): retries with back-off, permanent failures, keyed enqueue,
 * fenced marks; and on PostgreSQL, two server processes sharing one queue where the one running a
 * job is killed and the other finishes it exactly once.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { JOB_NOT_FAILED } from '@huodong/domain';
import { jobs } from '../src/db/schema.js';
import { DONE_JOBS_KEPT_SECONDS, PermanentJobError, backoffMs, type Job } from '../src/jobs/runner.js';
import { freshPostgresUrl, testApp, type TestApp } from './helpers.js';
import { startServerProcess, type ServerProcess } from './serverProcess.js';

describe('the job runner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ jobPollMs: 3_600_000 });
  });
  afterAll(() => t.close());

  const jobOf = async (id: number): Promise<Job> => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0];
  /** Make a job that waits for its back-off due now (the test does not wait minutes). */
  const dueNow = (id: number) => t.db.update(jobs).set({ run_at: Date.now() - 1 }).where(eq(jobs.id, id));

  it('a failing job is retried after a growing back-off and then succeeds once', async () => {
    const runs: number[] = [];
    t.app.jobs.define<{ n: number }>('test.flaky', {
      async run(job) {
        runs.push(job.attempts);
        if (job.attempts < 3) throw new Error(`try ${job.attempts}`);
      },
    });
    const id = await t.app.jobs.enqueue(t.db, 'test.flaky', { n: 1 });
    const before = Date.now();
    await t.app.jobs.idle();
    let row = await jobOf(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, error: 'try 1', locked_by: null });
    expect(row.run_at).toBeGreaterThanOrEqual(before + backoffMs(1));
    await dueNow(id);
    await t.app.jobs.idle();
    row = await jobOf(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 2, error: 'try 2' });
    expect(row.run_at - Date.now()).toBeGreaterThan(backoffMs(1)); // the second wait is longer
    await dueNow(id);
    await t.app.jobs.idle();
    expect(await jobOf(id)).toMatchObject({ status: 'done', attempts: 3, error: '' });
    expect(runs).toEqual([1, 2, 3]);
  });

  it('a permanent error fails the job at once, and the kind records the failure where users see it', async () => {
    const seen: string[] = [];
    t.app.jobs.define('test.bad', {
      async run() {
        throw new PermanentJobError('not a video');
      },
      async failed(job, err) {
        seen.push(`${job.id}:${(err as Error).message}`);
      },
    });
    const id = await t.app.jobs.enqueue(t.db, 'test.bad', {});
    await t.app.jobs.idle();
    expect(await jobOf(id)).toMatchObject({ status: 'failed', attempts: 1, error: 'not a video' });
    expect(seen).toEqual([`${id}:not a video`]);
  });

  it('after its last attempt a job is failed', async () => {
    t.app.jobs.define('test.never', {
      maxAttempts: 2,
      async run() {
        throw new Error('still down');
      },
    });
    const id = await t.app.jobs.enqueue(t.db, 'test.never', {});
    await t.app.jobs.idle();
    await dueNow(id);
    await t.app.jobs.idle();
    expect(await jobOf(id)).toMatchObject({ status: 'failed', attempts: 2, max_attempts: 2 });
  });

  it('the same key queues one job while it is open, and a new one after it finished', async () => {
    t.app.jobs.define('test.keyed', { async run() {} });
    const ids = await Promise.all(Array.from({ length: 8 }, () => t.app.jobs.enqueue(t.db, 'test.keyed', {}, { key: 'k:1', runAt: Date.now() + 60_000 })));
    expect(new Set(ids).size).toBe(1);
    expect(await t.db.select().from(jobs).where(eq(jobs.key, 'k:1'))).toHaveLength(1);
    await dueNow(ids[0]);
    await t.app.jobs.idle();
    expect((await jobOf(ids[0])).status).toBe('done');
    const again = await t.app.jobs.enqueue(t.db, 'test.keyed', {}, { key: 'k:1' });
    expect(again).not.toBe(ids[0]);
  });

  it('done jobs older than a week are removed; recent ones, open ones and failed ones stay', async () => {
    t.app.jobs.define('test.prune', { async run() {} });
    const [old, recent] = [await t.app.jobs.enqueue(t.db, 'test.prune', {}), await t.app.jobs.enqueue(t.db, 'test.prune', {})];
    await t.app.jobs.idle();
    const waiting = await t.app.jobs.enqueue(t.db, 'test.prune', {}, { runAt: Date.now() + 3_600_000 });
    const weekAgo = Math.floor(Date.now() / 1000) - DONE_JOBS_KEPT_SECONDS - 60;
    await t.db.update(jobs).set({ updated_at: weekAgo, finished_at: weekAgo }).where(eq(jobs.id, old));
    const [failedOld] = await t.db.insert(jobs).values({ kind: 'test.prune', status: 'failed', run_at: 0, updated_at: weekAgo, finished_at: weekAgo }).returning({ id: jobs.id });
    await t.db.update(jobs).set({ updated_at: weekAgo }).where(eq(jobs.id, waiting));
    expect(await t.app.jobs.prune()).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(jobs).where(eq(jobs.id, old))).toHaveLength(0);
    for (const id of [recent, waiting, failedOld!.id]) expect(await t.db.select().from(jobs).where(eq(jobs.id, id))).toHaveLength(1);
  });

  it('a job queued in a transaction that rolls back does not exist', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.jobs.enqueue(tx, 'test.keyed', {}, { key: 'k:rollback' });
        throw new Error('change refused');
      }),
    ).rejects.toThrow('change refused');
    expect(await t.db.select().from(jobs).where(eq(jobs.key, 'k:rollback'))).toHaveLength(0);
  });

  it("重新执行 on the platform's job list queues a failed job again from its first attempt; other states are refused", async () => {
    let fixed = false;
    t.app.jobs.define('test.fixable', {
      async run() {
        if (!fixed) throw new PermanentJobError('service down');
      },
    });
    const id = await t.app.jobs.enqueue(t.db, 'test.fixable', {});
    await t.app.jobs.idle();
    const listed = await t.call('GET', '/v1/jobs?status=failed', { token: t.superToken });
    expect(listed.data.items.map((j: Job) => j.id)).toContain(id);
    fixed = true;
    const retried = await t.call('POST', `/v1/jobs/${id}/retry`, { token: t.superToken });
    expect(retried.status).toBe(200);
    expect(retried.data).toMatchObject({ status: 'queued', attempts: 0, error: '' });
    await t.app.jobs.idle();
    expect(await jobOf(id)).toMatchObject({ status: 'done', attempts: 1 });
    const again = await t.call('POST', `/v1/jobs/${id}/retry`, { token: t.superToken });
    expect(again.status).toBe(422);
    expect(again.message).toBe(JOB_NOT_FAILED);
  });

  it('an instance whose job was taken over cannot mark it done', async () => {
    let release!: () => void;
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    t.app.jobs.define('test.slow', {
      run: () =>
        new Promise<void>((resolve) => {
          release = resolve;
          started();
        }),
    });
    const id = await t.app.jobs.enqueue(t.db, 'test.slow', {});
    t.app.jobs.kick();
    await running;
    // Its lease ran out and another instance claimed it (attempt 2).
    await t.db.update(jobs).set({ locked_by: 'other-node', attempts: 2 }).where(eq(jobs.id, id));
    release();
    await t.app.jobs.idle();
    expect(await jobOf(id)).toMatchObject({ status: 'running', locked_by: 'other-node', attempts: 2 });
    await t.db.update(jobs).set({ status: 'done' }).where(eq(jobs.id, id)); // leave the queue clean
  });
});

// Two processes share a queue only on a database server: on the embedded database one process owns it.
describe.runIf(!!process.env.DATABASE_URL)('two server processes on one PostgreSQL', () => {
  const PASSWORD = 'Job#runner123';
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-jobs-'));
  let db: { url: string; drop(): Promise<void> };
  const nodes: ServerProcess[] = [];
  let client: pg.Client;

  beforeAll(async () => {
    db = await freshPostgresUrl();
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.dispose()));
    await client?.end();
    await db?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('the node running a job is killed mid-job and the other node finishes it exactly once', async () => {
    // One database and one file store (as behind a balancer); short leases and polls, so the take-over happens within seconds.
    const shared = path.join(work, 'data');
    const env = { DATABASE_URL: db.url, DATA_DIR: shared, ADMIN_PASSWORD: PASSWORD, JOB_LEASE_MS: '3000', JOB_POLL_MS: '300' };
    nodes.push(await startServerProcess(env));
    nodes.push(await startServerProcess(env));
    const [a] = nodes;
    const base = `http://127.0.0.1:${a.port}`;
    const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(base + url, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
      return (await res.json()) as { code: number; message: string; data: any };
    };
    const token = (await call('POST', '/v1/login', { account: 'admin', password: PASSWORD })).data.access_token as string;
    const auth = { authorization: `Bearer ${token}` };

    // A clip long enough that transcoding it takes a while (so the kill lands mid-job).
    const clipPath = path.join(work, 'long.mov');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=20:size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=duration=20', '-c:v', 'mpeg4', '-q:v', '2', '-c:a', 'aac', '-shortest', clipPath]);
    const clip = fs.readFileSync(clipPath);
    const up = await call('POST', '/v1/upload/video/getAuth', { name: 'long.mov', size: clip.length }, auth);
    expect(up.code).toBe(200);
    for (let offset = 0; offset < clip.length; offset += up.data.chunkSize) {
      const res = await fetch(`${base}${up.data.uploadAddress}?offset=${offset}`, {
        method: 'PUT',
        headers: { ...auth, 'x-upload-auth': up.data.uploadAuth, 'content-type': 'application/octet-stream' },
        body: clip.subarray(offset, offset + up.data.chunkSize),
      });
      expect(res.status).toBe(200);
    }
    const key = `video:${up.data.videoId}`;

    // Whichever node claims the job is killed while it runs.
    let holder = '';
    for (let i = 0; i < 600 && !holder; i++) {
      // Running in the queue and begun by its handler (the video marked running).
      const { rows } = await client.query<{ locked_by: string | null }>(
        "select j.locked_by from jobs j join video_jobs v on v.id = $2 where j.key = $1 and j.status = 'running' and v.status = 'running'",
        [key, up.data.videoId],
      );
      if (rows[0]?.locked_by) holder = rows[0].locked_by;
      else await new Promise((r) => setTimeout(r, 20));
    }
    expect(holder).not.toBe('');
    const victim = nodes.find((n) => holder.startsWith(`${n.child.pid}-`))!;
    expect(victim).toBeDefined();
    victim.child.kill('SIGKILL');
    await victim.exited;
    const [atKill] = (await client.query<{ status: string }>('select status from video_jobs where id = $1', [up.data.videoId])).rows;
    expect(atKill.status).toBe('running'); // killed mid-job, not after

    // The survivor takes the job over when the lease runs out and finishes it.
    let done: { status: string; attempts: number; locked_by: string | null; error: string } | undefined;
    for (let i = 0; i < 600; i++) {
      [done] = (await client.query('select status, attempts, locked_by, error from jobs where key = $1', [key])).rows;
      if (done?.status === 'done') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(done).toMatchObject({ status: 'done', error: '', attempts: 2, locked_by: expect.not.stringMatching(new RegExp(`^${victim.child.pid}-`)) });
    const [video] = (await client.query('select status from video_jobs where id = $1', [up.data.videoId])).rows;
    expect(video.status).toBe('done');
    const stored = (await client.query("select id from files where kind = 'video' and key like $1", [`%${up.data.videoId}%`])).rows;
    expect(stored).toHaveLength(1);
  }, 180_000);
});
