import path from 'node:path';
import { TOKEN_TTL_MS_DEFAULT } from './constants.js';

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
  /** Folder of the built web app; served with history-mode fallback when it exists. */
  webDist?: string;
  /** Seed demo data on first start. */
  seedOnFirstStart: boolean;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify `trustProxy`): off by default, because the
   * client address is what sign-in throttling counts and a forged header must not reset it.
   */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
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
  const ttl = Number(env.TOKEN_TTL_MS ?? TOKEN_TTL_MS_DEFAULT);
  if (!Number.isFinite(ttl) || ttl <= 0) throw new ConfigError('TOKEN_TTL_MS must be a positive number');
  return {
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    port,
    host: env.HOST ?? '0.0.0.0',
    // Relative to where the user ran npm (INIT_CWD), not the workspace folder npm switches into.
    dataDir: path.resolve(env.INIT_CWD ?? '.', env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminAccount: env.ADMIN_ACCOUNT ?? 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    loginCaptcha: captcha === 'on',
    tokenTtlMs: ttl,
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: env.WEB_DIST,
    seedOnFirstStart: env.SEED !== 'off',
  };
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
