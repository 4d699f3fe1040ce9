import http from 'node:http';

/** What the benches read of an answer: fetch's shape, read once. */
export interface Answer {
  status: number;
  text(): Promise<string>;
  json(): Promise<unknown>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** Keep-alive connections, as many as the calls in flight (a bench's readers each hold one while calling). */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 1_000 });

/**
 * A reader's call as a benchmark makes it: fetch's arguments and answer over node:http with
 * keep-alive. Global fetch costs its caller 3–5× the CPU of node:http (WHATWG streams and
 * headers: 330–500 µs against 70–140 µs a call, measured here), CPU that the load generator took
 * from the 2 cores the server and the database share: the figures are to be the server's.
 */
export function send(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const req = http.request(url, { method: init.method ?? 'GET', agent, headers: { ...init.headers, ...(body ? { 'content-length': String(body.length) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const all = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          text: async () => all.toString('utf8'),
          json: async () => JSON.parse(all.toString('utf8')) as unknown,
          arrayBuffer: async () => all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer,
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
