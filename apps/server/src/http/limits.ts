import type { ServerOptions } from 'node:http';
import type { HttpLimits } from '../config.js';

/**
 * Timeouts of the HTTP server (issue 9: 100 sockets sending a body at 1 byte per 5 s were all
 * still open after 130 s, because Fastify turns Node's request timeout off).
 */
export function httpServerOptions(limits: HttpLimits): { requestTimeout: number; connectionTimeout: number; keepAliveTimeout: number; return503OnClosing: boolean; http: ServerOptions } {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Requests arriving while closing get our Chinese 503 envelope instead (http/shutdown.ts).
    return503OnClosing: false,
    http: {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      // Node checks the two timeouts above only this often (30 s by default).
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(limits.headersTimeoutMs / 2))),
    },
  };
}
