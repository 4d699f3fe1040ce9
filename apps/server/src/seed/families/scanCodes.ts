import { chinaDayStart } from '@huodong/domain';
import { all, type SeedClient, type SeedStep } from '../step.js';
import { uploadCover } from '../cover.js';
import { listReader } from './activities.js';

/**
 * Scan-code-for-points campaigns (type 16, issue 24) through the API: the administrator makes the
 * campaign and its batches (the codes are made with them); readers scan through the reader call
 * at the moments they would have, on the seed's clock — most poster codes used, some left, a
 * repeated scan, a forged code. Made once (by title): a re-run leaves it be.
 */
const DAY = 86_400;
const HOUR = 3600;
const MIN = 60;

interface Person {
  id: number;
  account: string;
}
interface Code {
  code: string;
  sign: string;
}

/** A batch's codes with the code and sign of each one's link. */
async function codesOf(client: SeedClient, org: string, act: number, batch: number): Promise<Code[]> {
  const rows = await all(client, `/v1/${org}/integral/${act}/code?batch_id=${batch}`);
  return rows
    .sort((a, b) => (a.id as number) - (b.id as number))
    .map((r) => {
      const link = new URL(r.link as string);
      return { code: link.searchParams.get('code')!, sign: link.searchParams.get('sign')! };
    });
}

const scan = (reader: SeedClient, org: string, c: Code, key: string) => reader.post(`/v1/${org}/client/scan`, { code: c.code, sign: c.sign, nonce: `seed-scan-${org}-${key}` });

async function szlib(client: SeedClient, now: number): Promise<number> {
  const org = { key: 'szlib', name: '苏州图书馆' };
  const title = '“书香苏州”扫码集积分';
  if ((await all(client, `/v1/${org.key}/integral`)).some((a) => a.title === title)) return 0;
  const start = chinaDayStart(now) - 6 * DAY + 9 * HOUR;
  const cover = await uploadCover(client, org.key, title, org.name);
  const act = await client.post(`/v1/${org.key}/integral`, {
    cover,
    title,
    start_at: start,
    end_at: start + 30 * DAY,
    profile: '在馆内海报、借书小票上扫码即可获得阅读积分，积分可参与年度阅读之星评选。',
    config: { budget: 2000 },
  });
  await client.post(`/v1/${org.key}/integral/${act.id}/publish`);
  const poster = await client.post(`/v1/${org.key}/integral/${act.id}/batch`, { name: '馆内海报', count: 20, points: 10, max_scans: 1, per_reader_limit: 1 });
  const receipt = await client.post(`/v1/${org.key}/integral/${act.id}/batch`, { name: '借书小票', count: 5, points: 5, max_scans: 0, per_reader_limit: 1, per_reader_daily: 2 });
  const posterCodes = await codesOf(client, org.key, act.id, poster.id);
  const receiptCodes = await codesOf(client, org.key, act.id, receipt.id);

  const people = ((await client.get(`/v1/${org.key}/users?page=1&page_size=10&sort=id`)).items as { id: number; academic_num?: string; account?: string }[]).map((p): Person => ({ id: p.id, account: (p.academic_num ?? p.account)! }));
  const readers = await Promise.all(people.map((p) => listReader(client, org.key, 'users', p)));
  let n = 0;
  // Twelve of the twenty poster codes were scanned over five days; eight are still unused.
  for (let i = 0; i < 12; i++) {
    const who = i % readers.length;
    await scan(readers[who].at(start + (i % 5) * DAY + 2 * HOUR + i * 7 * MIN), org.key, posterCodes[i], `poster-${i}`);
    n++;
  }
  // A reader tries a used poster code again (duplicate) and another one already taken (exhausted).
  await scan(readers[0].at(start + 5 * DAY + HOUR), org.key, posterCodes[0], 'poster-again');
  await scan(readers[1].at(start + 5 * DAY + 2 * HOUR), org.key, posterCodes[0], 'poster-taken');
  // Receipts: each reader scans the receipt codes of the days they borrowed.
  for (const [i, r] of readers.slice(0, 6).entries()) {
    for (let k = 0; k < 3; k++) {
      await scan(r.at(start + (k + 1) * DAY + 10 * HOUR + i * 11 * MIN), org.key, receiptCodes[(i + k) % receiptCodes.length], `receipt-${i}-${k}`);
      n++;
    }
  }
  // A forged link.
  await scan(readers[2].at(start + 4 * DAY + 15 * HOUR), org.key, { code: posterCodes[15].code, sign: 'forged0000000000000000' }, 'forged');
  return n + 3;
}

export const scanCodeSteps: SeedStep[] = [
  {
    name: 'scanCodes',
    async run(c) {
      return szlib(c, Math.floor(Date.now() / 1000));
    },
  },
];
