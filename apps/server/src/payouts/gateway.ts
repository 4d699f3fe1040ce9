import { createHash, createSign, createVerify, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { TransferState } from '@huodong/domain';

/**
 * The merchant API red packets are paid through, behind one interface: WeChat Pay API v3 商家转账
 * (`POST /v3/fund-app/mch-transfer/transfer-bills`, query and cancel by `out_bill_no`), the transfer
 * API WeChat offers new merchants since 2025 (the older `/v3/transfer/batches` takes no new ones).
 * The outcome of a send that is not final (ACCEPTED, PROCESSING, TRANSFERING, a 5xx SYSTEM_ERROR,
 * a time-out, a broken connection) is `Unknown`: the caller queries the same bill number later and
 * never makes a new one.
 */

export interface TransferBill {
  out_bill_no: string;
  transfer_bill_no?: string;
  state: TransferState;
  fail_reason?: string;
  package_info?: string;
}

/** What the merchant's bill says a bill number took out, net of what came back (fen). */
export interface BillLine {
  out_bill_no: string;
  amount_fen: number;
}

export interface PaymentGateway {
  /** Why nothing can be sent (no merchant credentials), or null. */
  readonly notConfigured: string | null;
  readonly appid: string;
  /** Send a transfer; resolves with the bill WeChat answered, or throws `UnknownOutcome`/`Refused`. */
  transfer(t: { out_bill_no: string; openid: string; amount_fen: number; remark: string }): Promise<TransferBill>;
  /** The bill of a number (null: WeChat has none, the send never arrived). */
  query(outBillNo: string): Promise<TransferBill | null>;
  /** Cancel a bill the reader has not confirmed (unclaimed after 24 h). */
  cancel(outBillNo: string): Promise<TransferBill>;
  /** The merchant's transfer bill of a China day (YYYY-MM-DD): reconciliation. */
  bill(day: string): Promise<BillLine[]>;
  /** The reader's openid under the appid, from the code of WeChat's web authorisation (snsapi_base); Refused when WeChat refuses the code. */
  openidOf(code: string): Promise<string>;
}

/** The outcome is not known: query the same bill number later. */
export class UnknownOutcome extends Error {}
/** WeChat refused the request itself (bad parameters, no permission, no balance): `code` is its error code. */
export class Refused extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

export interface WechatPayConfig {
  mchid: string;
  /** The merchant certificate's serial number. */
  serial: string;
  privateKey: string;
  /** WeChat Pay's public key (or platform certificate) that signs the answers, and its id/serial. */
  platformKey: string;
  platformSerial: string;
  appid: string;
  baseUrl: string;
  /** 转账场景ID (default 1000: 现金营销). */
  sceneId: string;
  timeoutMs: number;
  /** The appid's secret (WECHAT_APP_SECRET) and WeChat's API address: readers bind their openid with it. */
  appSecret: string;
  oauthBaseUrl: string;
}

/** The merchant configuration from the environment, or the reason there is none. */
export function wechatPayConfigFrom(env: NodeJS.ProcessEnv): WechatPayConfig | null {
  const { WECHATPAY_MCHID, WECHATPAY_SERIAL, WECHATPAY_PRIVATE_KEY_FILE, WECHATPAY_PLATFORM_CERT_FILE, WECHATPAY_APPID } = env;
  if (!WECHATPAY_MCHID || !WECHATPAY_SERIAL || !WECHATPAY_PRIVATE_KEY_FILE || !WECHATPAY_PLATFORM_CERT_FILE || !WECHATPAY_APPID) return null;
  return {
    mchid: WECHATPAY_MCHID,
    serial: WECHATPAY_SERIAL,
    privateKey: fs.readFileSync(WECHATPAY_PRIVATE_KEY_FILE, 'utf8'),
    platformKey: fs.readFileSync(WECHATPAY_PLATFORM_CERT_FILE, 'utf8'),
    platformSerial: env.WECHATPAY_PLATFORM_SERIAL ?? '',
    appid: WECHATPAY_APPID,
    baseUrl: (env.WECHATPAY_BASE_URL || 'https://api.mch.weixin.qq.com').replace(/\/$/, ''),
    sceneId: env.WECHATPAY_SCENE_ID || '1000',
    timeoutMs: Number(env.WECHATPAY_TIMEOUT_MS || 10_000),
    appSecret: env.WECHAT_APP_SECRET ?? '',
    oauthBaseUrl: (env.WECHAT_OAUTH_BASE_URL || 'https://api.weixin.qq.com').replace(/\/$/, ''),
  };
}

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

/** The v3 request signature: SHA256-RSA over `method\nurl\ntimestamp\nnonce\nbody\n`, base64. */
export function signRequest(privateKey: string, method: string, url: string, timestamp: string, nonce: string, body: string): string {
  return createSign('RSA-SHA256').update(`${method}\n${url}\n${timestamp}\n${nonce}\n${body}\n`).sign(privateKey, 'base64');
}

/** The `Authorization` header of a request. */
export function authorization(c: Pick<WechatPayConfig, 'mchid' | 'serial' | 'privateKey'>, method: string, url: string, body: string, now = Math.floor(Date.now() / 1000)): string {
  const nonce = randomBytes(16).toString('hex');
  const timestamp = String(now);
  const signature = signRequest(c.privateKey, method, url, timestamp, nonce, body);
  return `${AUTH_SCHEMA} mchid="${c.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${c.serial}"`;
}

/** The answer's signature (Wechatpay-Signature over `timestamp\nnonce\nbody\n`). */
export function verifyAnswer(publicKey: string, timestamp: string, nonce: string, body: string, signature: string): boolean {
  return createVerify('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).verify(publicKey, signature, 'base64');
}

/** Answers older than this are refused (replay). */
const ANSWER_MAX_AGE_S = 300;

/** Without credentials: sends nothing and says why. */
export function unconfiguredGateway(reason: string): PaymentGateway {
  const no = async (): Promise<never> => {
    throw new Refused('NOT_CONFIGURED', reason);
  };
  return { notConfigured: reason, appid: '', transfer: no, query: no, cancel: no, bill: no, openidOf: no };
}

/** Connections to WeChat kept open between calls (the code exchange is a reader's write: a new TLS connection each time would cost more than the write). */
const keptAlive = { 'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }), 'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }) };

/**
 * A GET over node:http(s) with connections kept alive: the reader's code exchange, about a
 * quarter of global fetch's CPU per call (measured for bench/client.ts's load, stop 39). Rejects on a network
 * failure or after `timeoutMs`.
 */
function getText(url: string, timeoutMs: number): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  const lib = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.get(target, { agent: keptAlive[target.protocol as 'http:' | 'https:'] }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
    // The whole exchange within timeoutMs, as AbortSignal.timeout bounds a fetch.
    const timer = setTimeout(() => req.destroy(new Error(`The operation was aborted due to timeout (${timeoutMs} ms)`)), timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

export function wechatPayGateway(c: WechatPayConfig): PaymentGateway {
  async function call(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<{ status: number; json: Record<string, unknown>; text: string }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    let res: Response;
    try {
      res = await fetch(c.baseUrl + url, {
        method,
        headers: {
          Authorization: authorization(c, method, url, body),
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'User-Agent': 'huodong-redpack/1',
          ...(c.platformSerial ? { 'Wechatpay-Serial': c.platformSerial } : {}),
        },
        body: body || undefined,
        signal: AbortSignal.timeout(c.timeoutMs),
      });
    } catch (err) {
      throw new UnknownOutcome(`微信支付无应答：${(err as Error).message}`);
    }
    const text = await res.text();
    const h = (n: string) => res.headers.get(n) ?? '';
    const ts = h('wechatpay-timestamp');
    if (!h('wechatpay-signature') || !verifyAnswer(c.platformKey, ts, h('wechatpay-nonce'), text, h('wechatpay-signature'))) throw new UnknownOutcome('微信支付应答签名验证失败');
    if (c.platformSerial && h('wechatpay-serial') !== c.platformSerial) throw new UnknownOutcome('微信支付应答的证书序列号不符');
    if (Math.abs(Date.now() / 1000 - Number(ts)) > ANSWER_MAX_AGE_S) throw new UnknownOutcome('微信支付应答已过期');
    let json: Record<string, unknown> = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      throw new UnknownOutcome('微信支付应答不是JSON');
    }
    return { status: res.status, json, text };
  }

  const bill = (j: Record<string, unknown>): TransferBill => ({
    out_bill_no: String(j.out_bill_no ?? ''),
    transfer_bill_no: j.transfer_bill_no ? String(j.transfer_bill_no) : undefined,
    state: String(j.state) as TransferState,
    fail_reason: j.fail_reason ? String(j.fail_reason) : undefined,
    package_info: j.package_info ? String(j.package_info) : undefined,
  });
  /** A 5xx or 429 may have been carried out or not: unknown. A 4xx is WeChat refusing the request. */
  const failure = (r: { status: number; json: Record<string, unknown> }): Error =>
    r.status >= 500 || r.status === 429 ? new UnknownOutcome(`${r.json.code ?? r.status} ${r.json.message ?? ''}`) : new Refused(String(r.json.code ?? r.status), String(r.json.message ?? ''));
  const byNo = (no: string) => `/v3/fund-app/mch-transfer/transfer-bills/out-bill-no/${encodeURIComponent(no)}`;

  return {
    notConfigured: null,
    appid: c.appid,
    async transfer(t) {
      const r = await call('POST', '/v3/fund-app/mch-transfer/transfer-bills', {
        appid: c.appid,
        out_bill_no: t.out_bill_no,
        transfer_scene_id: c.sceneId,
        openid: t.openid,
        transfer_amount: t.amount_fen,
        transfer_remark: t.remark,
        user_recv_perception: '活动奖励',
        transfer_scene_report_infos: [
          { info_type: '活动名称', info_content: t.remark },
          { info_type: '奖励说明', info_content: '活动获奖红包' },
        ],
      });
      if (r.status === 200) return bill(r.json);
      throw failure(r);
    },
    async query(no) {
      const r = await call('GET', byNo(no));
      if (r.status === 200) return bill(r.json);
      if (r.status === 404) return null;
      throw failure(r);
    },
    async cancel(no) {
      const r = await call('POST', `${byNo(no)}/cancel`, {});
      if (r.status === 200) return bill({ ...r.json, state: r.json.state ?? 'CANCELING' });
      throw failure(r);
    },
    async bill(day) {
      const r = await call('GET', `/v3/bill/fundflowbill?bill_date=${day}&account_type=BASIC`);
      if (r.status !== 200) throw failure(r);
      const url = new URL(String(r.json.download_url));
      const path = url.pathname + url.search;
      // The bill file itself is not signed by WeChat (its hash is given); the request is signed as every other.
      const res = await fetch(c.baseUrl + path, { headers: { Authorization: authorization(c, 'GET', path, '') }, signal: AbortSignal.timeout(c.timeoutMs) }).catch((err) => {
        throw new UnknownOutcome(`微信支付无应答：${(err as Error).message}`);
      });
      const text = await res.text();
      if (String(r.json.hash_value) !== createHash('sha1').update(text).digest('hex')) throw new UnknownOutcome('对账单校验失败');
      return parseBill(text);
    },
    async openidOf(code) {
      if (!c.appSecret) throw new Refused('NO_SECRET', '未配置公众号密钥（WECHAT_APP_SECRET），无法绑定微信');
      const q = new URLSearchParams({ appid: c.appid, secret: c.appSecret, code, grant_type: 'authorization_code' });
      const res = await getText(`${c.oauthBaseUrl}/sns/oauth2/access_token?${q}`, c.timeoutMs).catch((err) => {
        throw new UnknownOutcome(`微信无应答：${(err as Error).message}`);
      });
      let j: { openid?: string; errcode?: number; errmsg?: string } = {};
      try {
        const parsed: unknown = JSON.parse(res.text);
        if (parsed && typeof parsed === 'object') j = parsed;
      } catch {
        // Not JSON: refused below with the status.
      }
      if (!j.openid) throw new Refused(String(j.errcode ?? res.status), `微信授权失败：${j.errmsg ?? res.status}`);
      return j.openid;
    },
  };
}

/**
 * WeChat Pay's fund-flow bill (资金账单, `GET /v3/bill/fundflowbill`): a CSV whose values start with a
 * backquote — 记账时间,微信支付业务单号,资金流水单号,业务名称,业务类型,收支类型,收支金额（元）,账户结余（元）,
 * 资金变更提交申请人,备注,业务凭证号 — then a summary. The net amount per merchant bill number (业务凭证号):
 * 支出 takes away, 收入 (a cancelled or returned transfer) gives back.
 */
export function parseBill(text: string): BillLine[] {
  const net = new Map<string, number>();
  for (const line of text.split(/\r?\n/).slice(1)) {
    if (!line.startsWith('`')) break; // the summary follows the lines
    const cells = line.split(',').map((x) => x.replace(/^`/, '').trim());
    const no = cells[10] ?? '';
    const fen = Math.round(Number(cells[6]) * 100);
    if (!no || !Number.isFinite(fen)) continue;
    net.set(no, (net.get(no) ?? 0) + (cells[5] === '收入' ? -fen : fen));
  }
  return [...net].map(([out_bill_no, amount_fen]) => ({ out_bill_no, amount_fen }));
}
