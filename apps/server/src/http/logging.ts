import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';

/**
 * What the log may carry. Database errors arrive with their statement's parameters (drizzle's
 * message ends in `params: …`, PGlite and node-postgres keep `params`, `detail` repeats the failing
 * row): on account tables those are password hashes. So errors are logged through an allowlist,
 * fields named like a secret are replaced wherever they occur, and a hash that still slipped into
 * a string is masked in the finished line.
 */

/** Field names whose values never reach the log. */
const SECRET_NAME = /pass(word|wd)?|pwd|hash|token|secret|captcha|code|cookie|authori[sz]ation|salt|credential|access_?key|api_?key/i;
const REDACTED = '[Redacted]';
/** A stored password hash (`scrypt$<salt>$<hash>`, see auth/passwords.ts) anywhere in a finished line. */
const PASSWORD_HASH = /scrypt\$[A-Za-z0-9+/=$]*/g;
/** Longest string kept from a request (URL) or an error's SQL text: one request, one short line. */
const MAX_TEXT = 200;
/** pino's number for `error`. */
const ERROR_LEVEL = 50;
/** A request slower than this is logged at info even when it succeeded. */
export const SLOW_REQUEST_MS = 1000;

const clip = (s: string, max = MAX_TEXT) => (s.length > max ? `${s.slice(0, max)}…` : s);

/** Drop a database error's parameter list (`\nparams: …` up to the stack frames) from a text. */
export function withoutParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [Redacted]');
}

export interface SafeError {
  type: string;
  message: string;
  stack?: string;
  code?: string | number;
  [field: string]: unknown;
}

/** Error fields that name what failed without repeating any value (PostgreSQL's `detail` does). */
const ERROR_FIELDS = ['code', 'statusCode', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;

/** Objects safeError made: logged as they are. */
const made = new WeakSet<object>();

/** An error as the log may show it: type, message and stack without parameters, the allowlisted fields, the cause. */
export function safeError(err: unknown, depth = 0, withStack = true): unknown {
  if (!(err instanceof Error)) return scrub(err, depth, withStack);
  const raw = err as Error & Record<string, unknown>;
  const message = withoutParams(String(err.message ?? ''));
  const out: SafeError = { type: err.constructor?.name || err.name, message };
  // The stack starts with the message: replace it (clipped: the message field has it whole), then
  // mask whatever remains.
  if (err.stack && withStack) out.stack = withoutParams(err.stack.replace(err.message, clip(message, 300)));
  for (const f of ERROR_FIELDS) {
    const v = raw[f];
    if (typeof v === 'string' || typeof v === 'number') out[f] = v;
  }
  if (raw.cause !== undefined && depth < 4) out.cause = safeError(raw.cause, depth + 1, withStack);
  made.add(out);
  return out;
}

/** A fatal error as printed on the console: the safe stack of the error and of each cause. */
export function describeError(err: unknown): string {
  const parts: string[] = [];
  for (let e = safeError(err) as Partial<SafeError> | undefined, depth = 0; e && depth < 5; e = e.cause as never, depth++) {
    parts.push(typeof e === 'object' ? (e.stack ?? `${e.type ?? 'Error'}: ${e.message}`) : String(e));
  }
  return parts.join('\nCaused by: ');
}

/** A copy of a logged value with every field named like a secret replaced and errors made safe. */
export function scrub(value: unknown, depth = 0, withStack = true): unknown {
  if (value instanceof Error) return safeError(value, depth, withStack);
  if (typeof value === 'string') return withoutParams(value);
  if (value === null || typeof value !== 'object' || depth > 6 || made.has(value)) return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1, withStack));
  if (!isPlain(value)) return value; // request, reply, streams: their serializers decide
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_NAME.test(k) ? REDACTED : scrub(v, depth + 1, withStack);
  return out;
}

function isPlain(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The fields of one log call made safe; `req` and `res` are Fastify objects left to their serializers. */
function scrubFields(obj: object, withStack: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    out[k] = k === 'req' || k === 'res' ? v : k === 'err' ? safeError(v, 0, withStack) : SECRET_NAME.test(k) ? REDACTED : scrub(v, 0, withStack);
  }
  return out;
}

/** A URL as logged: clipped, and query values of secret-named parameters replaced. */
export function safeUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return clip(url);
  const params = url
    .slice(q + 1)
    .split('&')
    .map((p) => {
      const name = p.split('=')[0];
      return SECRET_NAME.test(decodeURIComponentSafe(name)) ? `${name}=${REDACTED}` : p;
    });
  return clip(`${url.slice(0, q)}?${params.join('&')}`);
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/**
 * Where log lines go unless a stream is given: readable lines (on a terminal, by default) or, as
 * `undefined`, pino's own writer of JSON lines to standard output.
 */
export function defaultLogStream(
  format: 'auto' | 'pretty' | 'json',
  terminal = !!process.stdout.isTTY,
  destination: number | NodeJS.WritableStream = 1,
): NonNullable<LoggerOptions['stream']> | undefined {
  if (format === 'json' || (format === 'auto' && !terminal)) return undefined;
  // In the main thread (not a pino transport): the bundled server has no worker file to load, and a
  // synchronous stream keeps log lines in order with the start banner printed by console.log.
  return pretty({ sync: true, destination, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId,method,url,status,responseTime' });
}

/** The server's pino options: level, the safe error serializer and the secret filters. */
export function loggerOptions(level: string, stream?: LoggerOptions['stream']): LoggerOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { err: (err: unknown) => safeError(err) as never },
    // Also child loggers' calls, whatever reached the line without passing logMethod.
    formatters: { log: (obj) => scrubFields(obj, true) },
    hooks: {
      // Stacks are for faults: below `error`, errors are logged without theirs. And pino would take
      // a logged error's message verbatim: give it the safe one.
      logMethod(args, method, level) {
        const [first, ...rest] = args as unknown[];
        const errOf = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
        const obj = first instanceof Error ? { err: first } : first;
        const head = typeof obj === 'string' ? withoutParams(obj) : isPlain(obj) ? scrubFields(obj, level >= ERROR_LEVEL) : obj;
        const msg = rest.length ? rest.map((r) => (typeof r === 'string' ? withoutParams(r) : r)) : errOf instanceof Error ? [withoutParams(errOf.message)] : [];
        return method.apply(this, [head, ...msg] as never);
      },
      streamWrite: (line) => line.replace(PASSWORD_HASH, REDACTED),
    },
  };
}

/**
 * One line per request, at debug; at info when it failed (status ≥ 400) or was slow. Fastify's own
 * request lines are off (see app.ts): two lines per request, at info, buried the start banner.
 * A fault's stack is logged once, by the error handler.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime);
    const level = status >= 400 || ms > SLOW_REQUEST_MS ? 'info' : 'debug';
    const url = safeUrl(request.url);
    request.log[level]({ method: request.method, url, status, responseTime: ms }, `${request.method} ${url} ${status} ${ms}ms`);
    done();
  });
}
