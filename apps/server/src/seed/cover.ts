import sharp from 'sharp';
import type { SeedClient } from './step.js';

/**
 * Covers of demo activities: a real JPEG made at seed time (sharp renders an SVG: a library's
 * palette as a diagonal gradient, a shelf of book spines, the activity's title and the
 * organisation's name in a CJK font), uploaded through the cover upload route like an
 * administrator's file, so it is stored by the app's storage with its row in `files`.
 */
export const COVER_WIDTH = 800;
export const COVER_HEIGHT = 450;

/** Deep, quiet colours of reading rooms and book cloth: [from, to, spine]. */
const PALETTES: [string, string, string][] = [
  ['#7b2d26', '#c8553d', '#f2d0a4'],
  ['#1d3557', '#457b9d', '#f1faee'],
  ['#2d6a4f', '#52b788', '#d8f3dc'],
  ['#5a3e85', '#9d79bc', '#efe7f7'],
  ['#8c5a2b', '#d4a373', '#fefae0'],
  ['#264653', '#2a9d8f', '#e9c46a'],
];

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The title broken into lines of at most `per` characters (at most two lines, the rest cut with …). */
function lines(title: string, per: number): string[] {
  const chars = [...title];
  const out = [chars.slice(0, per).join('')];
  if (chars.length > per) out.push(chars.length > per * 2 ? `${chars.slice(per, per * 2 - 1).join('')}…` : chars.slice(per).join(''));
  return out;
}

/** A cover picture for `title` (the palette chosen from the title, so a re-run draws the same). */
export async function coverImage(title: string, org: string): Promise<Buffer> {
  const hash = [...title].reduce((h, c) => (h * 31 + c.codePointAt(0)!) >>> 0, 7);
  const [from, to, spine] = PALETTES[hash % PALETTES.length];
  const spines = Array.from({ length: 14 }, (_, i) => {
    const w = 24 + ((hash >>> i) & 3) * 5;
    const h = 96 + ((hash >>> (i * 2)) & 7) * 9;
    return { x: 40 + i * 52, w, h };
  })
    .map((b) => `<rect x="${b.x}" y="${COVER_HEIGHT - 40 - b.h}" width="${b.w}" height="${b.h}" rx="3" fill="${spine}" fill-opacity="${0.35 + (b.w % 3) * 0.15}"/>`)
    .join('');
  const text = lines(title, 14)
    .map((l, i) => `<text x="56" y="${120 + i * 62}" font-family="Noto Sans CJK SC, sans-serif" font-size="46" font-weight="bold" fill="#ffffff">${escapeXml(l)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#g)"/>
    <circle cx="${COVER_WIDTH - 90}" cy="90" r="150" fill="#ffffff" fill-opacity="0.08"/>
    ${spines}
    <rect y="${COVER_HEIGHT - 40}" width="${COVER_WIDTH}" height="40" fill="#000000" fill-opacity="0.25"/>
    ${text}
    <text x="56" y="${COVER_HEIGHT - 14}" font-family="Noto Sans CJK SC, sans-serif" font-size="20" fill="#ffffff" fill-opacity="0.85">${escapeXml(org)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** Make and upload the cover of an activity of `org` (key), named after its title: the stored file's URL. */
export async function uploadCover(client: SeedClient, org: string, title: string, orgName = ''): Promise<string> {
  const file = await client.upload(`/v1/${org}/upload/cover`, `${title.replace(/[\\/:*?"<>|“”（）()\s]/g, '') || 'cover'}.jpg`, await coverImage(title, orgName || org), 'image/jpeg');
  return file.url as string;
}
