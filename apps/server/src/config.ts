import path from 'node:path';
import { passwordProblem, UPLOAD_KINDS, type StoredKind } from '@huodong/domain';
import { TOKEN_TTL_MS_DEFAULT } from './constants.js';
import { wechatPayConfigFrom, type WechatPayConfig } from './payouts/gateway.js';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** When set, PostgreSQL is used instead of the embedded database. */
  databaseUrl?: string;
  adminAccount: string;
  adminPassword?: string;
  loginCaptcha: boolean;
  tokenTtlMs: number;
  logLevel: string;
  /** LOG_FORMAT: `pretty` (readable lines), `json` (one object per line), `auto`: pretty on a terminal. */
  logFormat: 'auto' | 'pretty' | 'json';
  /** Folder of the built web app; served with history-mode fallback when it exists. */
  webDist?: string;
  /** Seed demo data on first start. */
  seedOnFirstStart: boolean;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify `trustProxy`): off by default, because the
   * client address is what sign-in throttling counts and a forged header must not reset it.
   */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** Connection limits and timeouts (README, "Configuration"): a slow or idle client cannot hold the server. */
  http: HttpLimits;
  /** Where stored files live (S3_* set: an S3-compatible store; else DATA_DIR/files). */
  storage: StorageConfig;
  /** Largest upload per kind in MB (UPLOAD_<KIND>_MAX_MB; defaults in the domain's UPLOAD_RULES). */
  uploadMaxMB: Partial<Record<StoredKind, number>>;
  /** The ffmpeg binary (FFMPEG_PATH); ffprobe is taken from the same folder. */
  ffmpegPath: string;
  /** Run the video transcoding worker in this process (VIDEO_WORKER=off to leave it to other instances). */
  videoWorker: boolean;
  /** Size of a resumable video upload's chunks (tests make it small); default VIDEO_UPLOAD.chunkBytes. */
  videoChunkBytes?: number;
  /** Run background jobs in this process (JOB_WORKER=off: it only queues them, other instances run them). */
  jobWorker: boolean;
  /** How often the job runner looks for jobs of other instances or dead leases (JOB_POLL_MS, default 5 s). */
  jobPollMs?: number;
  /** The lease of a running job (JOB_LEASE_MS, default 2 min): a job of a dead instance is taken over after it. */
  jobLeaseMs?: number;
  /** The WeChat Pay merchant red packets are paid through (WECHATPAY_*); null: none, nothing is sent. */
  wechatpay: WechatPayConfig | null;
}

export type StorageConfig =
  | { driver: 'local' }
  | { driver: 's3'; endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string; forcePathStyle: boolean };

export interface HttpLimits {
  /** REQUEST_TIMEOUT_MS: the whole request (headers and body) must arrive within it, else 408. */
  requestTimeoutMs: number;
  /** HEADERS_TIMEOUT_MS: the request headers must arrive within it (at most REQUEST_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** KEEP_ALIVE_TIMEOUT_MS: an idle keep-alive connection is closed after it. */
  keepAliveTimeoutMs: number;
  /** CONNECTION_TIMEOUT_MS: a connection on which nothing moves (no byte either way) is closed after it. */
  connectionTimeoutMs: number;
  /** MAX_CONNECTIONS: further connections are refused. */
  maxConnections: number;
  /** SHUTDOWN_DRAIN_MS: on SIGTERM, the server keeps serving this long (each answer closing its connection). */
  shutdownDrainMs: number;
  /** SHUTDOWN_GRACE_MS: then requests in flight get this long before their connections are cut. */
  shutdownGraceMs: number;
}

export class ConfigError extends Error {}

/** Configuration from environment variables (documented in the README). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const captcha = (env.LOGIN_CAPTCHA ?? 'on').toLowerCase();
  if (captcha !== 'on' && captcha !== 'off') throw new ConfigError('LOGIN_CAPTCHA must be on or off');
  if (captcha === 'off' && env.NODE_ENV === 'production') {
    throw new ConfigError('LOGIN_CAPTCHA=off is refused when NODE_ENV=production');
  }
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError('PORT must be a port number');
  // The first administrator's password follows the rule of every account (issue 9).
  const adminAccount = env.ADMIN_ACCOUNT ?? 'admin';
  const weakAdmin = env.ADMIN_PASSWORD ? passwordProblem(env.ADMIN_PASSWORD, adminAccount) : undefined;
  if (weakAdmin) throw new ConfigError(`ADMIN_PASSWORD: ${weakAdmin}`);
  const ttl = Number(env.TOKEN_TTL_MS ?? TOKEN_TTL_MS_DEFAULT);
  if (!Number.isFinite(ttl) || ttl <= 0) throw new ConfigError('TOKEN_TTL_MS must be a positive number');
  return {
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    http: parseHttpLimits(env),
    port,
    host: env.HOST ?? '0.0.0.0',
    // Relative to where the user ran npm (INIT_CWD), not the workspace folder npm switches into.
    dataDir: path.resolve(env.INIT_CWD ?? '.', env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminAccount,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    loginCaptcha: captcha === 'on',
    tokenTtlMs: ttl,
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: parseLogFormat(env.LOG_FORMAT),
    webDist: env.WEB_DIST,
    seedOnFirstStart: env.SEED !== 'off',
    storage: parseStorage(env),
    uploadMaxMB: parseUploadLimits(env),
    ffmpegPath: env.FFMPEG_PATH || 'ffmpeg',
    videoWorker: env.VIDEO_WORKER !== 'off',
    jobWorker: env.JOB_WORKER !== 'off',
    jobPollMs: optionalMs(env, 'JOB_POLL_MS'),
    jobLeaseMs: optionalMs(env, 'JOB_LEASE_MS'),
    wechatpay: wechatPayConfigFrom(env),
  };
}

/** S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: all or none. */
function parseStorage(env: NodeJS.ProcessEnv): StorageConfig {
  const names = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const set = names.filter((n) => env[n]);
  if (set.length === 0) return { driver: 'local' };
  if (set.length < names.length) throw new ConfigError(`${names.filter((n) => !env[n]).join(', ')} must be set with ${set.join(', ')}`);
  return {
    driver: 's3',
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    region: env.S3_REGION || 'us-east-1',
    forcePathStyle: /^(1|on|true)$/i.test(env.S3_FORCE_PATH_STYLE ?? ''),
  };
}

function parseUploadLimits(env: NodeJS.ProcessEnv): AppConfig['uploadMaxMB'] {
  const out: AppConfig['uploadMaxMB'] = {};
  for (const kind of [...UPLOAD_KINDS, 'video'] as const) {
    const name = `UPLOAD_${kind.toUpperCase()}_MAX_MB`;
    const v = env[name];
    if (v === undefined || v === '') continue;
    const mb = Number(v);
    if (!Number.isFinite(mb) || mb <= 0) throw new ConfigError(`${name} must be a positive number`);
    out[kind] = mb;
  }
  return out;
}

function parseHttpLimits(env: NodeJS.ProcessEnv): HttpLimits {
  const positive = (name: string, fallback: number) => {
    const v = Number(env[name] || fallback);
    if (!Number.isInteger(v) || v <= 0) throw new ConfigError(`${name} must be a positive integer`);
    return v;
  };
  const limits: HttpLimits = {
    requestTimeoutMs: positive('REQUEST_TIMEOUT_MS', 60_000),
    headersTimeoutMs: positive('HEADERS_TIMEOUT_MS', 10_000),
    // Longer than a reverse proxy's usual upstream idle timeout (60 s), so the proxy closes first.
    keepAliveTimeoutMs: positive('KEEP_ALIVE_TIMEOUT_MS', 72_000),
    // Longer than the slowest handler (a 50,000-row import), during which the socket is silent.
    connectionTimeoutMs: positive('CONNECTION_TIMEOUT_MS', 120_000),
    maxConnections: positive('MAX_CONNECTIONS', 1000),
    shutdownDrainMs: positive('SHUTDOWN_DRAIN_MS', 1000),
    shutdownGraceMs: positive('SHUTDOWN_GRACE_MS', 10_000),
  };
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) throw new ConfigError('HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS');
  return limits;
}

function parseLogFormat(value: string | undefined): AppConfig['logFormat'] {
  const v = (value || 'auto').toLowerCase();
  if (v !== 'auto' && v !== 'pretty' && v !== 'json') throw new ConfigError('LOG_FORMAT must be auto, pretty or json');
  return v;
}

/** TRUST_PROXY: unset/off/false → false; on/true → every proxy; N → the nearest N hops; else addresses/CIDRs, comma-separated. */
function parseTrustProxy(value: string | undefined): AppConfig['trustProxy'] {
  const v = (value ?? '').trim();
  if (v === '' || /^(off|false)$/i.test(v)) return false;
  if (/^(on|true)$/i.test(v)) return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return v;
}

/** An optional positive whole number of milliseconds (unset: the component's default). */
function optionalMs(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const v = env[name];
  if (v === undefined || v === '') return undefined;
  const ms = Number(v);
  if (!Number.isInteger(ms) || ms <= 0) throw new ConfigError(`${name} must be a positive integer`);
  return ms;
}
