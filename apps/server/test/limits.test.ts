import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/constants.js';
import { loadConfig, type HttpLimits } from '../src/config.js';
import { IMPORT_BODY_LIMIT } from '../src/imports/userImports.js';
import { MANAGER_PASSWORD, testApp, type TestApp } from './helpers.js';

/** A raw client connection: what the server sent, and whether (and how) it closed the socket. */
interface Raw {
  socket: net.Socket;
  received(): string;
  /** Resolves once some answer arrived (or the socket closed). */
  answered: Promise<void>;
  closed: Promise<void>;
}

async function raw(port: number): Promise<Raw> {
  const socket = net.connect(port, '127.0.0.1');
  let data = '';
  socket.on('error', () => {}); // a reset is one way of being cut off; `closed` reports it
  const closed = new Promise<void>((r) => socket.once('close', () => r()));
  const answered = Promise.race([new Promise<void>((r) => socket.once('data', () => r())), closed]);
  socket.on('data', (d) => (data += d));
  await new Promise((r, j) => {
    socket.once('connect', r);
    socket.once('error', j);
  });
  return { socket, received: () => data, answered, closed };
}

/** Resolves true if `p` settles within `ms` (a bound for the test, not a measured duration). */
const within = (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

const envelope = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('body limits (a real listening server)', () => {
  let t: TestApp;
  let port: number;
  let token: string;
  let org: { id: number; key: string };
  beforeAll(async () => {
    t = await testApp();
    org = await t.org('limits');
    await t.manager(org.id, 'lmgr');
    token = await t.login('lmgr', MANAGER_PASSWORD, org.key);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => t?.close());

  it('a 2 MB sign-in body is refused 413 in Chinese from its Content-Length, before the body is sent', async () => {
    const c = await raw(port);
    c.socket.write(`POST /v1/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\n{"account":`);
    expect(await within(c.answered, 10_000)).toBe(true);
    expect(c.received()).toMatch(/^HTTP\/1\.1 413/);
    expect(envelope(c.received())).toEqual({ code: 413, message: '请求内容过大', data: null });
    c.socket.destroy();
  });

  it('an anonymous 20 MB import is refused 401 before its body is read, and the connection is not kept to drain it', async () => {
    const c = await raw(port);
    c.socket.write(`POST /v1/${org.key}/users/import HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${20 * 1024 * 1024}\r\n\r\n{"data":"`);
    expect(await within(c.answered, 10_000)).toBe(true);
    expect(c.received()).toMatch(/^HTTP\/1\.1 401/);
    expect(envelope(c.received()).message).toBe('请先进行登录');
    expect(await within(c.closed, 10_000)).toBe(true);
  });

  it('a signed-in import may exceed the default limit; any other route may not', async () => {
    const rows = Array.from({ length: 8000 }, (_, i) => ({ academic_num: `L${String(i).padStart(7, '0')}`, real_name: `读者${i}`, sex: 1, department: '计算机科学与技术学院', identity: 1, _row: i + 2 }));
    const body = JSON.stringify({ data: JSON.stringify(rows) });
    expect(Buffer.byteLength(body)).toBeGreaterThan(BODY_LIMIT);
    expect(Buffer.byteLength(body)).toBeLessThan(IMPORT_BODY_LIMIT);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const imported = await fetch(`http://127.0.0.1:${port}/v1/${org.key}/users/import`, { method: 'POST', headers, body });
    expect(imported.status).toBe(200);
    expect(((await imported.json()) as any).data.created).toBe(8000);
    const other = await fetch(`http://127.0.0.1:${port}/v1/${org.key}/users`, { method: 'POST', headers, body });
    expect(other.status).toBe(413);
    expect(((await other.json()) as any).message).toBe('请求内容过大');
  });
});

describe('timeouts and the connection cap (a real listening server with short limits)', () => {
  let t: TestApp;
  let port: number;
  const limits: HttpLimits = { ...loadConfig({}).http, requestTimeoutMs: 1500, headersTimeoutMs: 1000, keepAliveTimeoutMs: 500, connectionTimeoutMs: 5000, maxConnections: 20 };
  beforeAll(async () => {
    t = await testApp({ http: limits });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => t?.close());

  it('a body sent 1 byte at a time is cut off, on every one of several sockets', async () => {
    const clients = await Promise.all(Array.from({ length: 8 }, () => raw(port)));
    const timers = clients.map((c) => {
      c.socket.write(`POST /v1/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`);
      // Never idle long enough for the idle timeout: only the request timeout can end this.
      return setInterval(() => c.socket.writable && c.socket.write('x'), 200);
    });
    try {
      const cut = await Promise.all(clients.map((c) => within(c.closed, 20_000)));
      expect(cut).toEqual(clients.map(() => true));
      for (const c of clients) expect(c.received()).toMatch(/^$|^HTTP\/1\.1 408/);
    } finally {
      timers.forEach(clearInterval);
      clients.forEach((c) => c.socket.destroy());
    }
  });

  it('headers sent 1 byte at a time are cut off', async () => {
    const c = await raw(port);
    const head = 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'y'.repeat(1000);
    let i = 0;
    const timer = setInterval(() => c.socket.writable && i < head.length && c.socket.write(head[i++]), 100);
    try {
      expect(await within(c.closed, 20_000)).toBe(true);
    } finally {
      clearInterval(timer);
      c.socket.destroy();
    }
  });

  it('an idle keep-alive connection is closed after the keep-alive timeout', async () => {
    const c = await raw(port);
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await c.answered;
    expect(c.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(await within(c.closed, 20_000)).toBe(true);
  });

  it('connections beyond MAX_CONNECTIONS are refused while the others are served', async () => {
    const held = await Promise.all(Array.from({ length: limits.maxConnections }, () => raw(port)));
    // Keep them busy (a request being received), so the idle timeouts do not free them meanwhile.
    held.forEach((c) => c.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n'));
    try {
      const extra = await raw(port);
      extra.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(await within(extra.closed, 10_000)).toBe(true);
      expect(extra.received()).toBe('');
      held[0].socket.write('\r\n');
      await held[0].answered;
      expect(held[0].received()).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      held.forEach((c) => c.socket.destroy());
    }
  });
});
