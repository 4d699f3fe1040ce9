import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Browser features: the ones no page uses refused for the page and anything it embeds; the camera
 * (扫一扫 in the reader app, the staff's 扫描票码) and the position (a geofenced sign-in or scan code)
 * for this origin's own pages only, never for an embedded frame.
 */
const PERMISSIONS_POLICY = [
  ...['accelerometer', 'display-capture', 'gyroscope', 'magnetometer', 'microphone', 'midi', 'payment', 'usb'].map((feature) => `${feature}=()`),
  ...['camera', 'geolocation'].map((feature) => `${feature}=(self)`),
].join(', ');

/**
 * Security headers of every answer, in one place (issue 9). The built web app has no inline
 * script (Vite emits module files only), so scripts come from this origin alone; antd writes its
 * styles at run time, hence `style-src 'unsafe-inline'` (docs/decisions.md). Captchas are data:
 * SVG images. HSTS is left to the TLS-terminating reverse proxy (README). Registered before the
 * access hook, so refusals carry the headers too.
 */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: false,
};

/**
 * helmet's headers for these options, worked out once: they depend on nothing of the request
 * (no CSP nonce), and @fastify/helmet would parse the directives again on every request.
 */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
    getHeader: () => undefined,
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = { ...helmetHeaders(), 'permissions-policy': PERMISSIONS_POLICY };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Hooks that wait on nothing take Fastify's callback form (here and in the envelope's, the log's,
  // the shutdown's and the job kick's): an async hook costs a promise and a turn of the microtask
  // queue on every request. The access hook, which waits on the organisation's read, stays async.
  app.addHook('onSend', (request, reply, payload, done) => {
    // API answers are per caller and per moment: never stored by the browser or a proxy. A route
    // that chose its own caching (stored files) keeps it.
    if ((request.url === '/v1' || request.url.startsWith('/v1/')) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
