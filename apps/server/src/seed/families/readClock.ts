import { chinaDate, chinaDayStart } from '@huodong/domain';
import { all, type SeedClient, type SeedStep } from '../step.js';
import { uploadCover } from '../cover.js';
import { listReader } from './activities.js';

/**
 * Reading check-in (type 8, issue 24) through the API: the administrator makes a 21-day course in
 * szlib with a resource per day and publishes it; readers mark through the reader calls at the
 * evenings they would have, on the seed's clock (`SeedClient.at`), with varied habits (every day,
 * drop-outs, every other day, late starters, a missed day made up); the administrator rejects one
 * mark and features and comments on others. Made once (by title): a re-run leaves it be.
 */
const DAY = 86_400;
const HOUR = 3600;
export const READ_CLOCK_SEED_TITLE = '21天阅读打卡：走进《红楼梦》';
/** The course began this many days before today: today is its day 13. */
export const READ_CLOCK_SEED_STARTED = 12;
export const READ_CLOCK_SEED_READERS = 36;

const CHAPTERS = [
  '甲戌本凡例与第一回：甄士隐梦幻识通灵',
  '第二回：贾夫人仙逝扬州城',
  '第三回：林黛玉抛父进京都',
  '第四回：薄命女偏逢薄命郎',
  '第五回：游幻境指迷十二钗',
  '第六回：刘姥姥一进荣国府',
  '第七回：送宫花贾琏戏熙凤',
  '第八回：比通灵金莺微露意',
  '第九回：恋风流情友入家塾',
  '第十回：金寡妇贪利权受辱',
  '第十一回：庆寿辰宁府排家宴',
  '第十二回：王熙凤毒设相思局',
  '第十三回：秦可卿死封龙禁尉',
  '第十四回：林如海捐馆扬州城',
  '第十五回：王凤姐弄权铁槛寺',
  '第十六回：贾元春才选凤藻宫',
  '第十七回：大观园试才题对额',
  '第十八回：皇恩重元妃省父母',
  '第十九回：情切切良宵花解语',
  '第二十回：王熙凤正言弹妒意',
  '第二十一回：贤袭人娇嗔箴宝玉',
];
const THOUGHTS = [
  '今天读完这一回，对人物关系有了更清楚的认识，做了一页笔记。',
  '细节描写很精彩，边读边查了几个不认识的词，收获很多。',
  '和孩子一起读了这一回，讨论了书中人物的性格，很有意思。',
  '读到这里开始理解作者的用心，明天继续跟上进度。',
  '今天时间紧，只读了半回，但把重点段落抄写了一遍。',
];

/**
 * Which days (1-based, up to today's day 13) reader `i` marks, and which missed day they make up
 * (on the next day): every day, dropped out after four days, every other day, started late,
 * missed two days in a row, missed one day and made it up.
 */
function habitOf(i: number): { days: number[]; makeup?: number } {
  const upTo = (n: number, f: (d: number) => boolean) => Array.from({ length: n }, (_, k) => k + 1).filter(f);
  const today = READ_CLOCK_SEED_STARTED + 1;
  const withToday = i % 2 === 0 ? today : today - 1;
  switch (i % 6) {
    case 0:
      return { days: upTo(withToday, () => true) };
    case 1:
      return i < 24 ? { days: upTo(withToday, (d) => d !== 10), makeup: 10 } : { days: upTo(withToday, (d) => d !== 10) };
    case 2:
      return { days: upTo(4, () => true) };
    case 3:
      return { days: upTo(withToday, (d) => d % 2 === 1) };
    case 4:
      return { days: upTo(withToday, (d) => d >= 7) };
    default:
      return { days: upTo(withToday, (d) => d !== 9 && d !== 10) };
  }
}

async function szlib(client: SeedClient, now: number): Promise<number> {
  const org = { key: 'szlib', name: '苏州图书馆' };
  if ((await all(client, `/v1/${org.key}/mark`)).some((a) => a.title === READ_CLOCK_SEED_TITLE)) return 0;
  const first = chinaDayStart(now) - READ_CLOCK_SEED_STARTED * DAY;
  const cover = await uploadCover(client, org.key, READ_CLOCK_SEED_TITLE, org.name);
  const act = await client.post(`/v1/${org.key}/mark`, {
    cover,
    title: READ_CLOCK_SEED_TITLE,
    start_at: first,
    end_at: first + 21 * DAY,
    profile: '每天读一回《红楼梦》，写下三五句感想。连续打卡7天、21天可获积分奖励；漏打可在3天内补卡，每人最多3次。',
    config: { schedule: 'course', course_days: 21, unlock: 'day', moderation: 'post', min_words: 10, makeup_max: 3, makeup_within_days: 3, target_days: 18 },
  });
  for (const [k, title] of CHAPTERS.entries()) {
    await client.post(`/v1/${org.key}/mark/${act.id}/resource`, { day_no: k + 1, title, type: 'chapter', content: `《红楼梦》${title}`, is_required: 1, sort: k + 1 });
  }
  await client.post(`/v1/${org.key}/mark/${act.id}/publish`);

  const people = ((await client.get(`/v1/${org.key}/users?page=1&page_size=${READ_CLOCK_SEED_READERS}&sort=id`)).items as { id: number; academic_num: string }[]).map((p) => ({ id: p.id, account: p.academic_num }));
  const sources = ((await client.get(`/v1/${org.key}/mark/${act.id}/resource?page_size=100&sort=sort`)).items as { id: number; day_no: number }[]).sort((a, b) => a.day_no - b.day_no);
  let n = 0;
  const ids: number[] = [];
  for (const [i, p] of people.entries()) {
    const reader = await listReader(client, org.key, 'users', p);
    const habit = habitOf(i);
    for (const d of habit.days) {
      // Evenings between 19:00 and 22:00, the reader's own minute; today's not after now.
      const evening = first + (d - 1) * DAY + 19 * HOUR + ((i * 7 + d * 13) % 180) * 60;
      const at = Math.max(first + (d - 1) * DAY, Math.min(evening, now - 60));
      const body = { request_id: `seed-mark-${act.id}-${p.account}-${d}`, content: THOUGHTS[(i + d) % THOUGHTS.length], resource_id: sources[d - 1].id, reading_minutes: 20 + ((i + d) % 5) * 10 };
      const made = await reader.at(at).post(`/v1/${org.key}/client/activities/${act.id}/marks`, body);
      if (d === 1) ids.push(made.mark.id);
      n++;
    }
    if (habit.makeup) {
      const at = first + habit.makeup * DAY + 12 * HOUR;
      await reader.at(at).post(`/v1/${org.key}/client/activities/${act.id}/makeups`, {
        request_id: `seed-makeup-${act.id}-${p.account}`,
        day: chinaDate(first + (habit.makeup - 1) * DAY),
        content: '前一天加班忘记打卡，今天补上：读完了这一回并做了笔记。',
        makeup_reason: '加班忘记打卡',
        resource_id: sources[habit.makeup - 1].id,
        reading_minutes: 30,
      });
      n++;
    }
  }
  // The administrator: one mark rejected (off topic), two featured, one commented on.
  const base = `/v1/${org.key}/mark/${act.id}/markRecords`;
  await client.post(`${base}/${ids[2]}/reject`, { reason: '打卡内容与本日阅读无关，请结合当天章节写感想' });
  await client.post(`${base}/${ids[0]}/feature`);
  await client.post(`${base}/${ids[1]}/feature`);
  await client.post(`${base}/${ids[1]}/comment`, { teacher_comment: '笔记很认真，继续保持！' });
  return n;
}

export const readClockSteps: SeedStep[] = [
  {
    name: 'readClock',
    async run(c) {
      return szlib(c, Math.floor(Date.now() / 1000));
    },
  },
];
