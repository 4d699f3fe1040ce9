import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { all, type SeedClient, type SeedStep } from '../step.js';
import { uploadCover } from '../cover.js';
import { listReader } from './activities.js';

/**
 * Lectures on demand (type 19, issue 25) through the API: in szlib a lecture series whose media
 * are made now with ffmpeg (a few seconds of test picture with a tone, a sine-tone audio) and
 * uploaded through the upload route, a handout PDF and a link; readers play and send heartbeats
 * every 10 s on the seed's clock (`SeedClient.at`) with varied progress: finished, halfway,
 * dropped after the first talk, the handout opened and a talk begun. Made once (by title).
 */
const DAY = 86_400;
const run = promisify(execFile);
export const LECTURE_SEED_TITLE = '家庭教育公开课：陪孩子爱上阅读';
export const LECTURE_SEED_READERS = 18;

/** Short media made by ffmpeg: two test videos (12 s and 15 s) and an audio guide (16 s). */
async function makeMedia(): Promise<{ video1: Buffer; video2: Buffer; audio: Buffer }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hd-lecture-'));
  const ffmpeg = process.env.FFMPEG_PATH || 'ffmpeg';
  const video = (src: string, sec: number, tone: number, out: string) =>
    run(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `${src}=duration=${sec}:size=320x180:rate=15`, '-f', 'lavfi', '-i', `sine=frequency=${tone}:duration=${sec}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '48k', '-shortest', '-movflags', '+faststart', path.join(dir, out)]);
  try {
    await Promise.all([
      video('testsrc', 12, 440, 'v1.mp4'),
      video('testsrc2', 15, 523, 'v2.mp4'),
      run(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=16', '-c:a', 'libmp3lame', '-b:a', '64k', path.join(dir, 'a.mp3')]),
    ]);
    const [video1, video2, audio] = await Promise.all(['v1.mp4', 'v2.mp4', 'a.mp3'].map((f) => readFile(path.join(dir, f))));
    return { video1, video2, audio };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A one-page PDF handout (plain PDF 1.4 with its cross-reference table). */
function handoutPdf(): Buffer {
  const text = 'Reading together: 20 minutes a day';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 20 Tf 72 760 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 20 Tf 72 760 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out);
}

type Reader = SeedClient;
interface Item {
  id: number;
  duration_sec: number;
}

/** A reader plays an item from `at` and beats every 10 s until `until` seconds of it (the last beat at the end), each beat at its moment. */
async function watch(reader: Reader, org: string, act: number, item: Item, at: number, until: number, tag: string): Promise<number> {
  const base = `/v1/${org}/client/activities/${act}/lecture`;
  const started = await reader.at(at).post(`${base}/play`, { request_id: `seed-lecture-${tag}-${item.id}`, item_id: item.id });
  let n = 1;
  let seq = 0;
  for (let pos = 10; pos - 10 < until; pos += 10) {
    const position = Math.min(pos, until);
    await reader.at(at + position).post(`${base}/heartbeat`, { item_id: item.id, play: started.play, seq: ++seq, position, rate: 1, playing: true });
    n++;
    if (position === until) break;
  }
  return n;
}

async function szlib(client: SeedClient, now: number): Promise<number> {
  const org = { key: 'szlib', name: '苏州图书馆' };
  if ((await all(client, `/v1/${org.key}/lecture`)).some((a) => a.title === LECTURE_SEED_TITLE)) return 0;
  const media = await makeMedia();
  const up = async (name: string, bytes: Buffer, type: string) => (await client.upload(`/v1/${org.key}/upload/public`, name, bytes, type)).url as string;
  const [cover, v1, v2, audio, pdf] = await Promise.all([
    uploadCover(client, org.key, LECTURE_SEED_TITLE, org.name),
    up('第一讲-为什么要亲子共读.mp4', media.video1, 'video/mp4'),
    up('第二讲-如何挑选绘本.mp4', media.video2, 'video/mp4'),
    up('音频导读.mp3', media.audio, 'audio/mpeg'),
    up('亲子共读讲义.pdf', handoutPdf(), 'application/pdf'),
  ]);
  const start = now - 10 * DAY;
  const act = await client.post(`/v1/${org.key}/lecture`, {
    cover,
    title: LECTURE_SEED_TITLE,
    start_at: start,
    end_at: now + 50 * DAY,
    profile: '苏州图书馆少儿部主讲的亲子阅读系列讲座：两讲视频、一段音频导读和一份讲义。看完两讲必修视频即完成，可获积分。',
    config: { speaker: '少儿部 王老师', threshold_pct: 90, require_all_required: 1, ban_seek_forward: 1, max_rate: 2 },
  });
  const base = `/v1/${org.key}/lecture/${act.id}/creation`;
  await client.post(base, { title: '第一讲：为什么要亲子共读', media_type: 'video', video: v1, speaker: '王老师', intro: '共读的意义与每天20分钟的习惯。', is_required: 1, sort: 1 });
  await client.post(base, { title: '第二讲：如何为孩子挑选绘本', media_type: 'video', video: v2, speaker: '王老师', intro: '按年龄挑书，图文并茂的书单。', is_required: 1, sort: 2 });
  await client.post(base, { title: '音频导读', media_type: 'audio', audio, intro: '睡前十分钟的共读导读。', is_required: 0, sort: 3 });
  await client.post(base, { title: '亲子共读讲义', media_type: 'pdf', pdf, is_required: 0, sort: 4 });
  await client.post(base, { title: '延伸阅读：少儿书目推荐', media_type: 'link', link: 'https://www.szlib.org.cn/', is_required: 0, sort: 5 });
  await client.post(`/v1/${org.key}/lecture/${act.id}/publish`);
  const items = ((await client.get(`${base}?page_size=100&sort=sort`)).items as Item[]);
  const [first, second, guide, handout] = items;

  const people = ((await client.get(`/v1/${org.key}/users?page=1&page_size=${LECTURE_SEED_READERS}&sort=id`)).items as { id: number; academic_num: string }[]).map((p) => ({ id: p.id, account: p.academic_num }));
  let n = 0;
  for (const [i, p] of people.entries()) {
    const reader = await listReader(client, org.key, 'users', p);
    // Each reader's evening in the last ten days.
    const at = start + (1 + (i % 9)) * DAY + 19 * 3600 + i * 97;
    const tag = `${act.id}-${p.account}`;
    switch (i % 6) {
      case 0: // finished both talks and listened to the guide
        n += await watch(reader, org.key, act.id, first, at, first.duration_sec, tag);
        n += await watch(reader, org.key, act.id, second, at + 600, second.duration_sec, tag);
        n += await watch(reader, org.key, act.id, guide, at + 1200, guide.duration_sec, tag);
        break;
      case 1: // finished both talks
        n += await watch(reader, org.key, act.id, first, at, first.duration_sec, tag);
        n += await watch(reader, org.key, act.id, second, at + 900, second.duration_sec, tag);
        break;
      case 2: // the first talk only, then dropped out
        n += await watch(reader, org.key, act.id, first, at, first.duration_sec, tag);
        break;
      case 3: // halfway through the first talk
        n += await watch(reader, org.key, act.id, first, at, Math.floor(first.duration_sec / 2), tag);
        break;
      case 4: // opened the handout, then the first talk for a few seconds
        await reader.at(at).post(`/v1/${org.key}/client/activities/${act.id}/lecture/play`, { request_id: `seed-lecture-${tag}-${handout.id}`, item_id: handout.id });
        n += 1 + (await watch(reader, org.key, act.id, first, at + 60, 5, tag));
        break;
      default: // everything in one sitting
        n += await watch(reader, org.key, act.id, first, at, first.duration_sec, tag);
        n += await watch(reader, org.key, act.id, second, at + 30, second.duration_sec, tag);
    }
  }
  return n;
}

export const lectureSteps: SeedStep[] = [
  {
    name: 'lecture',
    async run(c) {
      return szlib(c, Math.floor(Date.now() / 1000));
    },
  },
];
