import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from '../db/sql.js';
import type { Db, Tx } from '../db/client.js';
import { jobs } from '../db/schema.js';

/**
 * The one runner of timed and background work (video transcoding, certificate rendering, and what
 * the coming kinds need: offers that expire, no-shows, payout queries, rollups).
 *
 * Jobs live in the `jobs` table, so every instance on one database shares the queue: a job is
 * claimed with `FOR UPDATE SKIP LOCKED` and held by a lease (`locked_until`, renewed by a heartbeat
 * while it runs); a job whose instance died is claimed again once its lease has run out. A failure
 * is retried with back-off until `max_attempts`, then the job is `failed` (the platform's 失败任务
 * list shows it and can queue it again). Handlers must be idempotent: a job may run again after a
 * crash between its work and its `done` mark. Every write of the runner on a job is fenced by the
 * claim (`locked_by` and `attempts`), so an instance that lost its lease cannot mark the job.
 */

export type Job = typeof jobs.$inferSelect;

export interface JobContext {
  /** Aborted when the instance shuts down: a long handler stops and the job goes back to the queue. */
  signal: AbortSignal;
  /** Renew the lease now (the runner also renews it on its own while the handler runs). */
  heartbeat(): Promise<void>;
}

export interface JobHandler<P = Record<string, unknown>> {
  run(job: Job & { payload: P }, ctx: JobContext): Promise<void>;
  /** After the last attempt failed (or a permanent error): record the failure where users see it. */
  failed?(job: Job & { payload: P }, err: unknown): Promise<void>;
  /** Tries before the job is failed (default 5). */
  maxAttempts?: number;
}

/** An error that retrying cannot mend (bad input): the job fails at once. */
export class PermanentJobError extends Error {
  readonly permanent = true;
}

export interface EnqueueOptions {
  /** A job with the same key that is not finished is not queued twice (idempotent enqueue). */
  key?: string;
  orgId?: number | null;
  /** When it may run (ms since epoch; default now). */
  runAt?: number;
  maxAttempts?: number;
}

export interface JobRunner {
  /** The handler of a kind; only registered kinds are claimed by this instance. */
  define<P>(kind: string, handler: JobHandler<P>): void;
  /** Queue a job, in the caller's transaction when one is given (so it exists iff the change commits). */
  enqueue(db: Db | Tx, kind: string, payload: Record<string, unknown>, opts?: EnqueueOptions): Promise<number>;
  /** Look for work now. */
  kick(): void;
  /** Look for work once this request has been answered (its transaction has committed by then). */
  kickAfter(request: FastifyRequest): void;
  /** Resolves when this instance has no job in hand and none due (tests). */
  idle(): Promise<void>;
  /** Remove the jobs done more than a week ago (the recurring sweeps finish one every few minutes); answers how many. */
  prune(): Promise<number>;
  /** The name this instance writes into `locked_by`. */
  readonly node: string;
}

/** How long a done job stays in the queue's table (failed ones stay until queued again). */
export const DONE_JOBS_KEPT_SECONDS = 7 * 86_400;
const PRUNE_EVERY_MS = 3_600_000;

export interface RunnerOptions {
  /** How often the queue is looked at without a kick (default 5 s). */
  pollMs?: number;
  /** The lease of a running job (default 2 min); renewed every third of it. */
  leaseMs?: number;
  /** Off: this instance queues jobs but runs none (JOB_WORKER=off). */
  work?: boolean;
}

/** Back-off before attempt n + 1: 10 s, 40 s, 2.5 min, 10 min … at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(3_600_000, 10_000 * 4 ** Math.max(0, attempts - 1));
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
  interface FastifyRequest {
    /** Set by kickAfter: the runner looks for work when the answer has been sent. */
    kicksJobs?: boolean;
  }
}

const message = (err: unknown): string => String((err as Error)?.message ?? err).slice(0, 500);

/**
 * Queue a job, in the caller's transaction when one is given (so it exists iff the change commits):
 * `app.jobs.enqueue`, and what outside a request queues without the app at hand (a payout queued
 * in the transaction of the event that earns it).
 */
export async function enqueueJob(tx: Db | Tx, kind: string, payload: Record<string, unknown>, o: EnqueueOptions = {}): Promise<number> {
  const values = { kind, payload, key: o.key ?? null, org_id: o.orgId ?? null, run_at: o.runAt ?? Date.now(), max_attempts: o.maxAttempts ?? 5 };
  // A key names the job while it is not finished; a finished one may be queued again (a retry from the failed list).
  // Outside a transaction the open job met by the insert may finish before the read that names it
  // (another node queued and ran it): the insert is then tried again, and queues it anew.
  for (let attempt = 0; ; attempt++) {
    const [made] = await tx
      .insert(jobs)
      .values(values)
      .onConflictDoNothing({ target: jobs.key, where: sql`status in ('queued', 'running')` })
      .returning({ id: jobs.id });
    if (made) return made.id;
    const [open] = await tx.select({ id: jobs.id }).from(jobs).where(sql`${jobs.key} = ${o.key!} and status in ('queued', 'running')`);
    if (open) return open.id;
    if (attempt >= 2) throw new Error(`job ${kind} with key ${o.key} could not be queued`);
  }
}

export function registerJobRunner(app: FastifyInstance, opts: RunnerOptions = {}): JobRunner {
  const { db } = app.database;
  const leaseMs = opts.leaseMs ?? 120_000;
  const node = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const handlers = new Map<string, JobHandler<never>>();
  let running: Promise<void> | null = null;
  let again = false;
  let closing = false;
  const abort = new AbortController();

  async function claim(): Promise<Job | null> {
    if (!handlers.size) return null;
    const now = Date.now();
    const rows = await app.database.query<Job>(
      `update jobs set status = 'running', attempts = attempts + 1, locked_until = $1, locked_by = $2, updated_at = extract(epoch from now())::bigint
         where id = (select id from jobs
                      where kind = any($3::text[])
                        and ((status = 'queued' and run_at <= $4) or (status = 'running' and locked_until < $4))
                      order by run_at, id limit 1 for update skip locked)
       returning *`,
      [now + leaseMs, node, [...handlers.keys()], now],
    );
    const row = rows[0];
    // Raw rows carry bigint columns as strings on node-postgres.
    return row ? { ...row, id: Number(row.id), attempts: Number(row.attempts), max_attempts: Number(row.max_attempts), run_at: Number(row.run_at) } : null;
  }

  /** An update of the job this instance holds (nothing happens if another instance took it over). */
  const held = (job: Job) => sql`id = ${job.id} and locked_by = ${node} and attempts = ${job.attempts} and status = 'running'`;

  async function runOne(job: Job): Promise<void> {
    const handler = handlers.get(job.kind)!;
    const heartbeat = async () => {
      await db.update(jobs).set({ locked_until: Date.now() + leaseMs }).where(held(job));
    };
    const timer = setInterval(() => void heartbeat().catch(() => {}), Math.max(1_000, leaseMs / 3));
    timer.unref();
    try {
      await handler.run(job as never, { signal: abort.signal, heartbeat });
      await db.update(jobs).set({ status: 'done', error: '', locked_until: null, finished_at: sql`extract(epoch from now())::bigint`, updated_at: sql`extract(epoch from now())::bigint` }).where(held(job));
    } catch (err) {
      if (closing) {
        // Shutting down is not the job's fault: back to the queue without using up an attempt.
        await db.update(jobs).set({ status: 'queued', attempts: sql`greatest(${jobs.attempts} - 1, 0)`, locked_until: null, locked_by: null }).where(held(job));
        return;
      }
      const last = (err as { permanent?: boolean }).permanent === true || job.attempts >= job.max_attempts;
      app.log.warn({ err, job: job.id, kind: job.kind, attempt: job.attempts }, last ? 'job failed' : 'job failed, will retry');
      const [marked] = await db
        .update(jobs)
        .set({
          status: last ? 'failed' : 'queued',
          error: message(err),
          run_at: last ? job.run_at : Date.now() + backoffMs(job.attempts),
          locked_until: null,
          locked_by: null,
          finished_at: last ? sql`extract(epoch from now())::bigint` : null,
          updated_at: sql`extract(epoch from now())::bigint`,
        })
        .where(held(job))
        .returning({ id: jobs.id });
      if (last && marked && handler.failed) await handler.failed(job as never, err).catch((e) => app.log.error({ err: e, job: job.id }, 'job failure not recorded'));
    } finally {
      clearInterval(timer);
    }
  }

  let prunedAt = 0;
  async function prune(): Promise<number> {
    prunedAt = Date.now();
    const rows = await app.database.query<{ id: number }>(
      `delete from jobs where id in (select id from jobs where status = 'done' and updated_at < $1 order by updated_at, id limit 1000) returning id`,
      [Math.floor(Date.now() / 1000) - DONE_JOBS_KEPT_SECONDS],
    );
    return rows.length;
  }

  async function drain(): Promise<void> {
    if (Date.now() - prunedAt >= PRUNE_EVERY_MS) await prune();
    do {
      again = false;
      let job: Job | null;
      while (!closing && (job = await claim())) await runOne(job);
    } while (again && !closing);
  }

  function kick(): void {
    if (closing || opts.work === false) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err) => app.log.error({ err }, 'job runner'))
      .finally(() => {
        running = null;
      });
  }

  const runner: JobRunner = {
    node,
    define(kind, handler) {
      handlers.set(kind, handler as JobHandler<never>);
    },
    enqueue: (tx, kind, payload, o = {}) => enqueueJob(tx, kind, payload, { ...o, maxAttempts: o.maxAttempts ?? handlers.get(kind)?.maxAttempts }),
    kick,
    prune,
    kickAfter(request) {
      request.kicksJobs = true;
    },
    async idle() {
      for (;;) {
        while (running) await running;
        if (opts.work === false || !(await claimable())) return;
        kick();
        if (!running) return;
      }
    },
  };

  /** Is a job of this instance's kinds due now (idle() waits for those too)? */
  async function claimable(): Promise<boolean> {
    if (!handlers.size || closing) return false;
    const rows = await app.database.query<{ n: number }>(
      `select 1 as n from jobs where kind = any($1::text[]) and status = 'queued' and run_at <= $2 limit 1`,
      [[...handlers.keys()], Date.now()],
    );
    return rows.length > 0;
  }

  const timer = setInterval(kick, opts.pollMs ?? 5_000);
  timer.unref();
  app.addHook('onReady', async () => kick());
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.kicksJobs) kick();
    done();
  });
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(timer);
    abort.abort();
    await running;
  });
  app.decorate('jobs', runner);
  return runner;
}
