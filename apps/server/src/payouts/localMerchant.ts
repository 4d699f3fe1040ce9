import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { TransferState } from '@huodong/domain';
import { AUTH_SCHEMA, type WechatPayConfig } from './gateway.js';

/**
 * A local merchant endpoint that speaks the WeChat Pay API v3 transfer protocol (the tests, the
 * benchmark and the demo seed's explicit demo merchant): it checks our `Authorization` signature
 * with the merchant's public key, signs every answer with its own key (Wechatpay-Signature,
 * -Timestamp, -Nonce, -Serial), keeps transfer bills by `out_bill_no` (a number sent again is the
 * same bill, never a second transfer) and answers each openid as told: success, confirmation
 * awaited, processing, failure, not claimed (the reader never confirms: cancel refunds), a server
 * error or a time-out (the bill is made but the answer never comes). It serves the fund-flow bill.
 * It moves no money: it is not WeChat Pay, and nothing that talks to it says it is.
 */

export type Outcome = 'success' | 'confirm' | 'processing' | 'fail' | 'no_auth' | 'unclaimed' | 'error' | 'timeout';

interface Bill {
  out_bill_no: string;
  transfer_bill_no: string;
  openid: string;
  amount: number;
  state: TransferState;
  fail_reason?: string;
  outcome: Outcome;
  queries: number;
  created: Date;
}

export interface LocalMerchant {
  url: string;
  /** The client configuration that talks to it (merchant key pair made here). */
  config: WechatPayConfig;
  /** How each openid's transfer goes (default 'success'). */
  outcomeOf: (openid: string) => Outcome;
  /** Bills by out_bill_no. */
  bills: Map<string, Bill>;
  /** Transfers accepted per out_bill_no (a second POST of a number is not a second transfer). */
  posts: Map<string, number>;
  /** Requests refused for a bad signature. */
  badSignatures: number;
  /** Codes of WeChat's web authorisation exchanged (each good once, as WeChat's: a second use is errcode 40163). */
  oauthCalls: number;
  /** While set, an exchange of a code waits for it before answering (a slow WeChat). */
  oauthHold?: Promise<void>;
  /** Let a bill become final as the reader/WeChat would (confirm or fail). */
  settle(outBillNo: string, state: TransferState, failReason?: string): void;
  close(): Promise<void>;
}

const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });

/** Parse `WECHATPAY2-SHA256-RSA2048 k="v",…`. */
function authFields(header: string): Record<string, string> | null {
  if (!header.startsWith(`${AUTH_SCHEMA} `)) return null;
  const out: Record<string, string> = {};
  for (const m of header.slice(AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) out[m[1]!] = m[2]!;
  return out;
}

export async function startLocalMerchant(opts: { mchid?: string; appid?: string; timeoutMs?: number } = {}): Promise<LocalMerchant> {
  const merchant = pair();
  const platform = pair();
  const mchid = opts.mchid ?? '1900000109';
  const serial = randomBytes(20).toString('hex').toUpperCase();
  const platformSerial = `PUB_KEY_ID_${randomBytes(12).toString('hex').toUpperCase()}`;
  const bills = new Map<string, Bill>();
  const posts = new Map<string, number>();
  const hanging = new Set<http.ServerResponse>();
  let seq = 0;

  const answer = (res: http.ServerResponse, status: number, payload: unknown, contentType = 'application/json') => {
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    res.writeHead(status, {
      'Content-Type': contentType,
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Serial': platformSerial,
      'Wechatpay-Signature': signRequestAnswer(timestamp, nonce, body),
    });
    res.end(body);
  };
  const signRequestAnswer = (ts: string, nonce: string, body: string) => {
    // An answer's message is timestamp\nnonce\nbody\n — the request form without method and url.
    return createSign('RSA-SHA256').update(`${ts}\n${nonce}\n${body}\n`).sign(platform.privateKey, 'base64');
  };
  const view = (b: Bill) => ({
    mch_id: mchid,
    out_bill_no: b.out_bill_no,
    transfer_bill_no: b.transfer_bill_no,
    appid: opts.appid ?? 'wxdemo0000000000',
    state: b.state,
    transfer_amount: b.amount,
    openid: b.openid,
    ...(b.fail_reason ? { fail_reason: b.fail_reason } : {}),
    create_time: b.created.toISOString(),
    update_time: new Date().toISOString(),
  });

  const usedCodes = new Set<string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = req.url ?? '/';
      if (req.method === 'GET' && url.startsWith('/sns/oauth2/access_token?')) {
        // WeChat's web authorisation (not signed): a demo code `demo…` is the reader's openid `o…`.
        const q = new URL(url, 'http://x').searchParams;
        const code = q.get('code') ?? '';
        local.oauthCalls++;
        const good = q.get('appid') === local.config.appid && q.get('secret') === local.config.appSecret && /^demo\w+$/.test(code);
        const used = good && usedCodes.has(code);
        if (good) usedCodes.add(code);
        const answerCode = () => {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(used ? { errcode: 40163, errmsg: 'code been used' } : good ? { access_token: 'demo', expires_in: 7200, openid: `o${code.slice(4)}`, scope: 'snsapi_base' } : { errcode: 40029, errmsg: 'invalid code' }));
        };
        if (local.oauthHold) void local.oauthHold.then(answerCode);
        else answerCode();
        return;
      }
      const a = authFields(String(req.headers.authorization ?? ''));
      const signed = a && a.mchid === mchid && a.serial_no === serial && verifyAnswerOfRequest(a, req.method ?? 'GET', url, body);
      if (!signed) {
        local.badSignatures++;
        return answer(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
      }
      const path = url.split('?')[0]!;
      if (req.method === 'POST' && path === '/v3/fund-app/mch-transfer/transfer-bills') {
        const t = JSON.parse(body) as { out_bill_no: string; openid: string; transfer_amount: number; appid: string };
        if (!/^[A-Za-z0-9]{1,32}$/.test(t.out_bill_no) || !Number.isInteger(t.transfer_amount) || t.transfer_amount < 1) return answer(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
        let b = bills.get(t.out_bill_no);
        if (b && (b.openid !== t.openid || b.amount !== t.transfer_amount)) return answer(res, 400, { code: 'INVALID_REQUEST', message: '商户单号重复，参数与原单不一致' });
        const outcome = b?.outcome ?? local.outcomeOf(t.openid);
        if (outcome === 'no_auth') return answer(res, 403, { code: 'NO_AUTH', message: '商户无权限' });
        if (!b) {
          posts.set(t.out_bill_no, (posts.get(t.out_bill_no) ?? 0) + 1);
          b = { out_bill_no: t.out_bill_no, transfer_bill_no: `1330000${String(++seq).padStart(20, '0')}`, openid: t.openid, amount: t.transfer_amount, outcome, queries: 0, created: new Date(),
            state: outcome === 'success' ? 'SUCCESS' : outcome === 'fail' ? 'FAIL' : outcome === 'processing' || outcome === 'error' || outcome === 'timeout' ? 'PROCESSING' : 'WAIT_USER_CONFIRM',
            ...(outcome === 'fail' ? { fail_reason: 'ACCOUNT_NOT_EXIST' } : {}) };
          bills.set(t.out_bill_no, b);
          if (outcome === 'error') return answer(res, 500, { code: 'SYSTEM_ERROR', message: '系统错误' });
          if (outcome === 'timeout') {
            hanging.add(res);
            return; // the bill is made; the answer never comes
          }
        }
        return answer(res, 200, { out_bill_no: b.out_bill_no, transfer_bill_no: b.transfer_bill_no, create_time: b.created.toISOString(), state: b.state, ...(b.state === 'WAIT_USER_CONFIRM' ? { package_info: `demo_${b.transfer_bill_no}` } : {}) });
      }
      const m = /^\/v3\/fund-app\/mch-transfer\/transfer-bills\/out-bill-no\/([A-Za-z0-9]+)(\/cancel)?$/.exec(path);
      if (m) {
        const b = bills.get(m[1]!);
        if (!b) return answer(res, 404, { code: 'NOT_FOUND', message: '记录不存在' });
        if (m[2] && req.method === 'POST') {
          if (b.state !== 'WAIT_USER_CONFIRM' && b.state !== 'ACCEPTED') return answer(res, 400, { code: 'INVALID_REQUEST', message: '当前状态不可撤销' });
          b.state = 'CANCELLED';
          return answer(res, 200, { out_bill_no: b.out_bill_no, transfer_bill_no: b.transfer_bill_no, state: 'CANCELLED', update_time: new Date().toISOString() });
        }
        b.queries++;
        // What was processing (or never answered) is done by the second query; a confirmation is given by the first.
        if (b.state === 'PROCESSING' && b.queries >= 2) b.state = 'SUCCESS';
        if (b.state === 'WAIT_USER_CONFIRM' && b.outcome === 'confirm') b.state = 'SUCCESS';
        return answer(res, 200, view(b));
      }
      if (req.method === 'GET' && path === '/v3/bill/fundflowbill') {
        const day = new URL(url, 'http://x').searchParams.get('bill_date') ?? '';
        const csv = billCsv(day);
        return answer(res, 200, { download_url: `${local.url}/v3/billdownload/file?token=${encodeURIComponent(day)}`, hash_type: 'SHA1', hash_value: createHash('sha1').update(csv).digest('hex') });
      }
      if (req.method === 'GET' && path === '/v3/billdownload/file') {
        const day = new URL(url, 'http://x').searchParams.get('token') ?? '';
        res.writeHead(200, { 'Content-Type': 'text/csv' });
        return res.end(billCsv(day));
      }
      answer(res, 404, { code: 'NOT_FOUND', message: '接口不存在' });
    });
  });

  function verifyAnswerOfRequest(a: Record<string, string>, method: string, url: string, body: string): boolean {
    if (!a.signature || !a.timestamp || !a.nonce_str) return false;
    if (Math.abs(Date.now() / 1000 - Number(a.timestamp)) > 300) return false;
    // The request's message is method\nurl\ntimestamp\nnonce\nbody\n: verified with the merchant's public key.
    return createVerify('RSA-SHA256').update(`${method}\n${url}\n${a.timestamp}\n${a.nonce_str}\n${body}\n`).verify(merchant.publicKey, a.signature, 'base64');
  }

  /** The bills of a China day as WeChat's fund-flow CSV: a 支出 line per transfer that paid, its 收入 line when cancelled. */
  function billCsv(day: string): string {
    const head = '记账时间,微信支付业务单号,资金流水单号,业务名称,业务类型,收支类型,收支金额（元）,账户结余（元）,资金变更提交申请人,备注,业务凭证号';
    const lines: string[] = [];
    for (const b of bills.values()) {
      const d = new Date(b.created.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
      if (d !== day || b.state !== 'SUCCESS') continue;
      lines.push([d, b.transfer_bill_no, b.transfer_bill_no, '商家转账', '企业付款', '支出', (b.amount / 100).toFixed(2), '0.00', mchid, '活动奖励', b.out_bill_no].map((x) => `\`${x}`).join(','));
    }
    return [head, ...lines, '资金流水总笔数,收入笔数,收入金额,支出笔数,支出金额', `\`${lines.length},\`0,\`0.00,\`${lines.length},\`0.00`].join('\r\n');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const local: LocalMerchant = {
    url,
    config: { mchid, serial, privateKey: merchant.privateKey, platformKey: platform.publicKey, platformSerial, appid: opts.appid ?? 'wxdemo0000000000', baseUrl: url, sceneId: '1000', timeoutMs: opts.timeoutMs ?? 2_000, appSecret: randomBytes(16).toString('hex'), oauthBaseUrl: url },
    outcomeOf: () => 'success',
    bills,
    posts,
    badSignatures: 0,
    oauthCalls: 0,
    settle(no, state, failReason) {
      const b = bills.get(no);
      if (b) Object.assign(b, { state, fail_reason: failReason });
    },
    async close() {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return local;
}
