import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { idParam, offlineConfigOf, sessionTimeText, type CertElement } from '@huodong/domain';
import { activities, offlineAddresses, offlineSessions } from '../../db/schema.js';
import { orgOf } from '../../auth/access.js';
import { notFound } from '../../http/errors.js';
import { renderPage } from '../../pdf/page.js';
import { signLink } from './signCode.js';

/**
 * A session's printable sign-in poster (issue 23): `GET /v1/{org}/train/session/{sid}/poster`, an A4
 * PDF with the activity's title, the session's time, venue and speaker, and the QR of its static
 * sign-in link (`trainSign`, type 1). With a rotating code a printed code would be shared, so the
 * poster asks readers to scan the code on the screen instead; when only staff scan tickets it asks
 * them to show their ticket. Laid out by the PDF machinery certificates use (`pdf/page.ts`).
 */

export const SESSION_NOT_FOUND = '场次不存在';
export const POSTER_TEXTS = {
  scan: '微信扫码签到',
  rotating: '本场次使用动态签到码',
  rotatingHint: '请扫描现场大屏上的签到二维码',
  staffOnly: '请向工作人员出示预约票码签到',
  time: '时间：',
  venue: '地点：',
  speaker: '主讲人：',
} as const;

const A4 = { width_mm: 210, height_mm: 297 };
const MARGIN_MM = 18;
const PT_MM = 25.4 / 72;

/** A text's lines within `width_mm` at `size_pt` (CJK a full em, other characters about half). */
function linesOf(text: string, size_pt: number, width_mm: number): string[] {
  const em = size_pt * PT_MM;
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const ch of text) {
    const w = (ch.codePointAt(0)! >= 0x2e80 ? 1 : 0.55) * em;
    if (used + w > width_mm && line) {
      lines.push(line);
      line = '';
      used = 0;
    }
    line += ch;
    used += w;
  }
  if (line) lines.push(line);
  return lines;
}

/** The poster's elements top to bottom: each text wrapped and centred, then the QR code or the note replacing it. */
function posterElements(p: { title: string; session: string; time: string; venue: string; speaker: string; qr: 'code' | 'rotating' | 'staff' }): CertElement[] {
  const out: CertElement[] = [];
  const width = A4.width_mm - 2 * MARGIN_MM;
  let y = 28;
  const text = (t: string, size_pt: number, color = '#1f1f1f', gap = 3) => {
    for (const line of linesOf(t, size_pt, width)) {
      out.push({ type: 'text', text: line, font: 'sans', size_pt, color, x_mm: A4.width_mm / 2, y_mm: y, align: 'center' } as CertElement);
      y += size_pt * PT_MM * 1.35;
    }
    y += gap;
  };
  text(p.title, 30, '#1f1f1f', 4);
  if (p.session && p.session !== p.title) text(p.session, 20, '#434343', 4);
  text(`${POSTER_TEXTS.time}${p.time}`, 15, '#434343', 1);
  if (p.venue) text(`${POSTER_TEXTS.venue}${p.venue}`, 15, '#434343', 1);
  if (p.speaker) text(`${POSTER_TEXTS.speaker}${p.speaker}`, 15, '#434343', 1);
  y = Math.max(y + 10, 100);
  if (p.qr === 'code') {
    const size = 110;
    out.push({ type: 'qrcode', font: 'sans', size_pt: 16, color: '#000000', x_mm: A4.width_mm / 2, y_mm: y, width_mm: size, align: 'center' } as CertElement);
    y += size + 8;
    text(POSTER_TEXTS.scan, 24, '#1f1f1f');
  } else if (p.qr === 'rotating') {
    y += 30;
    text(POSTER_TEXTS.rotating, 26, '#1f1f1f', 6);
    text(POSTER_TEXTS.rotatingHint, 22, '#cf1322');
  } else {
    y += 30;
    text(POSTER_TEXTS.staffOnly, 24, '#1f1f1f');
  }
  return out;
}

export async function offlinePosterRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const params = z.object({ org: z.string(), sid: idParam });
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/v1/:org/train/session/:sid/poster', { config: { access: 'org' }, schema: { params, querystring: z.object({ reflesh: z.unknown().optional() }) } }, async (request, reply) => {
      const org = orgOf(request);
      const [row] = await db
        .select({ session: offlineSessions, act: { id: activities.id, title: activities.title, config: activities.config }, venue: { name: offlineAddresses.name, address: offlineAddresses.address, room: offlineAddresses.room } })
        .from(offlineSessions)
        .innerJoin(activities, and(eq(activities.org_id, offlineSessions.org_id), eq(activities.id, offlineSessions.act_id)))
        .leftJoin(offlineAddresses, eq(offlineAddresses.id, offlineSessions.venue_id))
        .where(and(eq(offlineSessions.org_id, org.id), eq(offlineSessions.id, request.params.sid), eq(offlineSessions.is_delete, 0), eq(activities.type, 5), eq(activities.is_delete, 0)));
      if (!row) throw notFound(SESSION_NOT_FOUND);
      const { session: s, act, venue } = row;
      const config = offlineConfigOf(act.config);
      const place = venue ? [venue.name, venue.address, venue.room].filter(Boolean).join(' ') : s.address;
      const bytes = await renderPage(app.storage, {
        title: `签到海报 ${act.title}`,
        ...A4,
        bg_image: '',
        fields: {},
        verify_url: signLink(request, org.key, s, 1),
        elements: posterElements({
          title: act.title,
          session: s.title,
          time: sessionTimeText(s),
          venue: place,
          speaker: s.speaker,
          qr: config.checkin_mode === 'staff' ? 'staff' : config.rotating_code ? 'rotating' : 'code',
        }),
      });
      const name = encodeURIComponent(`签到海报-${s.id}.pdf`);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="poster-${s.id}.pdf"; filename*=UTF-8''${name}`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    });
}
