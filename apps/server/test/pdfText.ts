import zlib from 'node:zlib';

/**
 * The text a PDF written by `pdf/page.ts` shows, for tests: its streams inflated, the embedded
 * fonts' ToUnicode maps read, and every hex string drawn (`<…> Tj`) mapped back to characters.
 * Enough for pdf-lib's output (one CID font per face, glyph ids of two bytes), not a PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const streams = pdfStreams(pdf);
  return textOf(streams);
}

/** Every stream of the PDF, inflated when compressed (its drawing operators, fonts, maps). */
export function pdfStreams(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  const re = /(?<!end)stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const bytes = pdf.subarray(start, end);
    try {
      streams.push(zlib.inflateSync(bytes).toString('latin1'));
    } catch {
      streams.push(bytes.toString('latin1'));
    }
    re.lastIndex = end + 'endstream'.length;
  }
  return streams;
}

function textOf(streams: string[]): string {
  const glyphs = new Map<string, string>();
  const hexText = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map((x) => parseInt(x, 16)));
  for (const s of streams.filter((x) => x.includes('begincmap'))) {
    for (const block of s.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) for (const [, g, u] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) glyphs.set(g.toLowerCase(), hexText(u));
    for (const block of s.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
      for (const [, a, b, u] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
        for (let g = parseInt(a, 16), k = 0; g <= parseInt(b, 16); g++, k++) glyphs.set(g.toString(16).padStart(a.length, '0').toLowerCase(), String.fromCodePoint(parseInt(u, 16) + k));
  }
  const lines: string[] = [];
  for (const s of streams) for (const [, h] of s.matchAll(/<([0-9a-fA-F]+)>\s*Tj/g)) lines.push((h.toLowerCase().match(/.{4}/g) ?? []).map((g) => glyphs.get(g) ?? '?').join(''));
  return lines.join('\n');
}
