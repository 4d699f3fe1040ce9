import { afterAll, beforeAll, expect, it } from 'vitest';
import { MULTIPART_MALFORMED, UPLOAD_KINDS } from '@huodong/domain';
import { MANAGER_PASSWORD, signedInReader, testApp, type TestApp } from './helpers.js';

/**
 * A multipart body the parser cannot read is the client's fault: 400 with a Chinese message on
 * every upload route, never a 500 (issue 20: a boundary without parts, a file part cut short).
 */
let t: TestApp;
let routes: [url: string, token: string][];

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  const org = await t.org('mpbad');
  await t.manager(org.id, 'mpadmin', 'admin');
  const manager = await t.login('mpadmin', MANAGER_PASSWORD, org.key);
  const reader = await signedInReader(t, org);
  routes = [
    ...UPLOAD_KINDS.map((kind) => [`/v1/upload/${kind}`, t.superToken] as [string, string]),
    ...UPLOAD_KINDS.map((kind) => [`/v1/${org.key}/upload/${kind}`, manager] as [string, string]),
    [`/v1/${org.key}/client/upload`, reader.token],
  ];
});
afterAll(() => t.close());

const PNG_START = '\x89PNG\r\n\x1a\n\0\0\0\rIHDR';
const BODIES: [what: string, contentType: string, body: string][] = [
  ['a boundary without parts', 'multipart/form-data; boundary=xyz', '{}'],
  ['a file part cut short', 'multipart/form-data; boundary=xyz', `--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${PNG_START}`],
  ['a part header cut short', 'multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-da'],
  ['no boundary at all', 'multipart/form-data', 'plain words'],
];

it('every upload route answers a malformed multipart body with 400 and a Chinese message', async () => {
  const answers: string[] = [];
  for (const [url, token] of routes) {
    for (const [what, contentType, body] of BODIES) {
      const res = await t.call('POST', url, { token, body, headers: { 'content-type': contentType } });
      answers.push(`${url} ${what}: ${res.status} ${res.message}`);
    }
  }
  expect(answers).toEqual(routes.flatMap(([url]) => BODIES.map(([what]) => `${url} ${what}: 400 ${MULTIPART_MALFORMED}`)));
});
