import type { FileExt } from '@huodong/domain';

/** How many leading bytes `sniff` wants (an OOXML zip names its parts within the first entries). */
export const SNIFF_BYTES = 64 * 1024;

const ascii = (b: Buffer, at: number, s: string) => b.length >= at + s.length && b.toString('latin1', at, at + s.length) === s;
const bytes = (b: Buffer, at: number, seq: number[]) => b.length >= at + seq.length && seq.every((x, i) => b[at + i] === x);

/**
 * The type of a file from its first bytes (magic numbers), never from its name or declared type.
 * `name` only chooses between the legacy Office formats, which share one container. SVG, HTML and
 * anything unknown give null, so they can never be stored as an image.
 */
export function sniff(head: Buffer, name = ''): FileExt | null {
  if (bytes(head, 0, [0xff, 0xd8, 0xff])) return 'jpg';
  if (bytes(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return 'gif';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'webp';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'wav';
  if (ascii(head, 0, 'OggS')) return 'ogg';
  if (ascii(head, 0, '%PDF-')) return 'pdf';
  if (bytes(head, 0, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm';
  if (ascii(head, 4, 'ftyp')) {
    const brand = head.toString('latin1', 8, 12);
    if (brand === 'M4A ' || brand === 'M4B ') return 'm4a';
    if (brand === 'qt  ') return 'mov';
    return 'mp4';
  }
  // ISO media without ftyp first (old QuickTime): a moov/mdat/wide atom at the start.
  if (['moov', 'mdat', 'wide', 'free'].some((a) => ascii(head, 4, a))) return 'mov';
  if (ascii(head, 0, 'ID3')) return 'mp3';
  // An MPEG audio frame: 11 sync bits, layer III, a valid bitrate and sample rate.
  if (head.length >= 3 && head[0] === 0xff && (head[1] & 0xe6) === 0xe2 && (head[2] & 0xf0) !== 0xf0 && (head[2] & 0x0c) !== 0x0c) return 'mp3';
  if (bytes(head, 0, [0x50, 0x4b, 0x03, 0x04])) {
    const text = head.toString('latin1');
    if (text.includes('[Content_Types].xml') || /(?:^|[^a-z])(?:word|xl|ppt)\//.test(text)) {
      if (text.includes('word/')) return 'docx';
      if (text.includes('xl/')) return 'xlsx';
      if (text.includes('ppt/')) return 'pptx';
    }
    return 'zip';
  }
  // Compound File Binary (legacy doc/xls/ppt): the name says which.
  if (bytes(head, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    const ext = /\.(doc|xls|ppt)$/i.exec(name)?.[1]?.toLowerCase();
    return (ext as FileExt | undefined) ?? 'doc';
  }
  return null;
}
