import { chinaDayStart } from '@huodong/domain';
import { all, byName, type SeedClient, type SeedStep } from '../step.js';
import { uploadCover } from '../cover.js';
import { listReader } from './activities.js';

/**
 * Offline activities (type 5, issue 23) end to end through the API: the administrator makes and
 * publishes them; readers book through the reader calls and sign in on the trainSign call or at
 * the staff's ticket scan. Past records are made at the moments they would have happened, on the
 * seed's clock (`SeedClient.at`): bookings days before a session, sign-ins minutes before it starts,
 * sign-outs at its end; readers who booked and never came become no-shows by the no-show job like
 * any. Made once per organisation (by title): a re-run finds the activity and leaves it be.
 *
 * - szlib: a finished talk (attendance, a cancellation, no-shows), a series of four sessions in
 *   progress (one past, one with a waiting list, one nobody booked yet), a training course booked
 *   as a whole with sign-in and sign-out;
 * - gzsyxx: a parents-and-children workshop at school, booked with a companion each.
 */
const DAY = 86_400;
const HOUR = 3600;
const MIN = 60;

type Body = Record<string, unknown>;
interface Person {
  id: number;
  account: string;
}
interface Reservation {
  id: number;
  session_id: number;
  status: string;
}

/** `days` from today (China calendar) at `hour:minute` China time. */
const dayAt = (now: number, days: number, hour: number, minute = 0) => chinaDayStart(now) + days * DAY + hour * HOUR + minute * MIN;

/** The first `count` people of an organisation's user or student list, with their reader account. */
async function peopleOf(client: SeedClient, org: string, list: 'users' | 'students', count: number): Promise<Person[]> {
  const items = (await client.get(`/v1/${org}/${list}?page=1&page_size=${count}&sort=id`)).items as { id: number; academic_num?: string; account?: string }[];
  return items.map((p) => ({ id: p.id, account: (p.academic_num ?? p.account)! }));
}

/** A published activity made by the administrator (a series gets its sessions before publishing). */
async function published(client: SeedClient, org: { key: string; name: string }, path: 'offline' | 'offlines', body: Body, sessions: Body[] = []): Promise<number> {
  const base = `/v1/${org.key}/${path}`;
  const cover = await uploadCover(client, org.key, body.title as string, org.name);
  const act = await client.post(base, { cover, ...body });
  for (const s of sessions) await client.post(`/v1/${org.key}/train/${act.id}/session`, s);
  await client.post(`${base}/${act.id}/publish`);
  return act.id;
}

/** The activity's sessions as a reader sees them, in order of start. */
const sessionsOf = async (reader: SeedClient, org: string, actId: number) =>
  ((await reader.get(`/v1/${org}/client/activities/${actId}/sessions`)).items as { id: number; start_at: number; end_at: number }[]).sort((a, b) => a.start_at - b.start_at);

const book = (reader: SeedClient, org: string, sid: number, key: string, extra: Body = {}): Promise<Reservation> =>
  reader.post(`/v1/${org}/client/sessions/${sid}/reservations`, { request_id: `seed-book-${org}-${sid}-${key}`, ...extra });

/** The reader signs in (type 1) or out (type 2) on the session's trainSign call. */
const sign = (reader: SeedClient, org: string, actId: number, sid: number, type: 1 | 2, key: string) =>
  reader.post(`/v1/${org}/client/sign`, { actId, sessionId: sid, type, nonce: `seed-sign-${org}-${sid}-${type}-${key}` });

/** The reader's entry ticket, fetched as soon as booked: the no-show sweep runs beside the seed on the
 * real clock and may close a past session before the scan, and a closed reservation shows no ticket. */
const ticketOf = (reader: SeedClient, org: string, r: Reservation): Promise<{ secret: string }> => reader.get(`/v1/${org}/client/reservations/${r.id}/ticket`);

/** The staff scan the reader's ticket at the door (a no-show's ticket is still taken: a late arrival). */
const scanned = (staff: SeedClient, org: string, r: Reservation, ticket: { secret: string }, key: string) =>
  staff.post(`/v1/${org}/checkin/redeem`, { secret: ticket.secret, session_id: r.session_id, type: 'entry', nonce: `seed-redeem-${org}-${r.session_id}-${key}` });

const COMPANIONS = ['陈小雨', '林一帆', '王乐乐', '张可可', '李多多', '赵安安'];

async function szlib(client: SeedClient, now: number): Promise<number> {
  const org = { key: 'szlib', name: '苏州图书馆' };
  const existing = new Set((await all(client, `/v1/${org.key}/offline`)).map((a) => a.title).concat((await all(client, `/v1/${org.key}/offlines`)).map((a) => a.title)));
  const venues = await byName(client, `/v1/${org.key}/offline/address`);
  const hall = venues.get('报告厅') ?? null;
  const people = await peopleOf(client, org.key, 'users', 10);
  const readers = await Promise.all(people.map((p) => listReader(client, org.key, 'users', p)));
  let n = 0;

  // A finished talk: ten booked three days before (one with a companion), one cancelled the day
  // before; at the door six signed in on the poster's code and one by the staff's scan; two never came.
  const talk = '“城市记忆”苏州老街巷主题讲座';
  if (!existing.has(talk)) {
    const start = dayAt(now, -10, 14);
    const id = await published(client, org, 'offline', {
      title: talk,
      start_at: start,
      end_at: start + 2 * HOUR,
      person_limit: 40,
      address: '一楼报告厅',
      profile: '文史学者带你走读平江路、山塘街，讲述老街巷里的苏州往事。',
      config: { venue_id: hall, seats_per_user: 2, waitlist: 1 },
    });
    const [session] = await sessionsOf(readers[0].at(start - 3 * DAY), org.key, id);
    const booked: Reservation[] = [];
    let scanTicket: { secret: string } | undefined;
    for (const [i, r] of readers.entries()) {
      const extra = i === 0 ? { seats: 2, companions: [{ name: COMPANIONS[0] }] } : {};
      const at = start - 3 * DAY + i * 17 * MIN;
      booked.push(await book(r.at(at), org.key, session.id, people[i].account, extra));
      if (i === 6) scanTicket = await ticketOf(r.at(at), org.key, booked[i]);
      n++;
    }
    await readers[9].at(start - DAY).del(`/v1/${org.key}/client/reservations/${booked[9].id}`, { request_id: `seed-cancel-${org.key}-${booked[9].id}` });
    for (let i = 0; i < 6; i++) await sign(readers[i].at(start - 20 * MIN + i * 2 * MIN), org.key, id, session.id, 1, people[i].account);
    await scanned(client.at(start - 5 * MIN), org.key, booked[6], scanTicket!, people[6].account);
  }

  // A series in progress: the first session is over (four came, two did not); the third has four
  // seats and a waiting list of two; the last has no booking yet.
  const series = '“阅读与写作”系列讲座';
  if (!existing.has(series)) {
    const at = (d: number) => dayAt(now, d, 19);
    const session = (title: string, speaker: string, d: number, capacity: number) => ({ title, speaker, start_at: at(d), end_at: at(d) + 90 * MIN, capacity, venue_id: hall, address: '一楼报告厅' });
    const id = await published(
      client,
      org,
      'offlines',
      { title: series, start_at: at(-9), end_at: at(18) + 2 * HOUR, address: '一楼报告厅', profile: '四位作家、编辑分享阅读与写作的方法，每周一讲，可按场次预约。', config: { booking_scope: 'session', waitlist: 1, offer_hours: 24 } },
      [session('第一讲：怎样读一本书', '周老师', -7, 30), session('第二讲：从摘抄到书评', '沈老师', 3, 30), session('第三讲：写作工作坊', '顾老师', 10, 4), session('第四讲：出版那些事', '陆编辑', 17, 30)],
    );
    const [s1, s2, s3] = await sessionsOf(readers[0], org.key, id);
    for (let i = 0; i < 6; i++) {
      const r = await book(readers[i].at(s1.start_at - 2 * DAY + i * HOUR), org.key, s1.id, people[i].account);
      n++;
      if (i < 4) await sign(readers[i].at(s1.start_at - 10 * MIN + i * MIN), org.key, id, r.session_id, 1, people[i].account);
    }
    for (let i = 0; i < 5; i++, n++) await book(readers[i], org.key, s2.id, people[i].account);
    for (let i = 0; i < 6; i++, n++) await book(readers[i], org.key, s3.id, people[i].account);
  }

  // A training course booked as a whole, with sign-in and sign-out: its first day is over.
  const training = '馆员业务培训：阅读推广活动策划';
  if (!existing.has(training)) {
    const at = (d: number) => dayAt(now, d, 9);
    const day = (title: string, speaker: string, d: number) => ({ title, speaker, start_at: at(d), end_at: at(d) + 150 * MIN, capacity: 20, address: '三楼培训室' });
    const id = await published(
      client,
      org,
      'offlines',
      { title: training, start_at: at(-3), end_at: at(6) + 3 * HOUR, address: '三楼培训室', profile: '面向基层馆员的两天培训，须签到、签退，出勤计入继续教育学时。', config: { booking_scope: 'series', training: 1, sign_out: 1 } },
      [day('第一天：活动策划与宣传', '钱老师', -2), day('第二天：活动评估与案例', '孙老师', 5)],
    );
    const [t1] = await sessionsOf(readers[6], org.key, id);
    for (let i = 6; i < 10; i++, n++) await readers[i].at(t1.start_at - 3 * DAY).post(`/v1/${org.key}/client/activities/${id}/reservations`, { request_id: `seed-series-${org.key}-${id}-${people[i].account}` });
    for (let i = 6; i < 9; i++) await sign(readers[i].at(t1.start_at - 15 * MIN + i * MIN), org.key, id, t1.id, 1, people[i].account);
    for (let i = 6; i < 8; i++) await sign(readers[i].at(t1.end_at - 5 * MIN + i * MIN), org.key, id, t1.id, 2, people[i].account);
  }
  return n;
}

async function gzsyxx(client: SeedClient, now: number): Promise<number> {
  const org = { key: 'gzsyxx', name: '广州市实验小学' };
  const title = '亲子阅读手工坊：做一本自己的绘本';
  if ((await all(client, `/v1/${org.key}/offline`)).some((a) => a.title === title)) return 0;
  const start = dayAt(now, 6, 15);
  const id = await published(client, org, 'offline', {
    title,
    start_at: start,
    end_at: start + 2 * HOUR,
    person_limit: 24,
    address: '学校图书馆多功能室',
    profile: '孩子和一位家长一起，用画笔和纸张做一本属于自己的小绘本。每位同学可带一位家长。',
    config: { seats_per_user: 2, waitlist: 1, signup_fields: [{ key: 'grade', label: '年级', type: 'choice', required: 1, options: ['一年级', '二年级', '三年级', '四年级', '五年级', '六年级'] }] },
  });
  const people = await peopleOf(client, org.key, 'students', 6);
  let n = 0;
  for (const [i, p] of people.entries()) {
    const reader = await listReader(client, org.key, 'students', p);
    const [session] = await sessionsOf(reader, org.key, id);
    await book(reader, org.key, session.id, p.account, { seats: 2, companions: [{ name: `${COMPANIONS[i % COMPANIONS.length]}家长` }], answers: { grade: ['一年级', '二年级', '三年级'][i % 3] } });
    n++;
  }
  return n;
}

export const offlineSteps: SeedStep[] = [
  {
    name: 'offline',
    async run(c) {
      const now = Math.floor(Date.now() / 1000);
      return (await szlib(c, now)) + (await gzsyxx(c, now));
    },
  },
];
