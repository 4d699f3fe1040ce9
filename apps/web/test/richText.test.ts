import { describe, expect, it } from 'vitest';
import { escapeHtml, isRichLink, RICH_TEXT_TOOLS } from '../src/shared/richText';

/** The rich-text editor's toolbar and its link check (shared/richText.ts; the editor itself: e2e/offlineAdmin). */
describe('rich text toolbar', () => {
  it('a link is http(s) or mailto, never javascript: or an address with spaces or quotes', () => {
    for (const ok of ['https://example.org/a?b=1', 'http://lib.cn', 'mailto:a@b.cn']) expect(isRichLink(ok)).toBe(true);
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:x', 'https://', 'https://a b', 'https://a"onclick=x', '//evil.example', 'ftp://x', 'data:text/html,x']) expect(isRichLink(bad)).toBe(false);
  });
  it('an address put in as text is escaped', () => {
    expect(escapeHtml('https://a.cn/?x=1&y="2"<b>')).toBe('https://a.cn/?x=1&amp;y=&quot;2&quot;&lt;b&gt;');
  });
  it('every tool has its own accessible name and makes only what the server keeps', () => {
    expect(new Set(RICH_TEXT_TOOLS.map((t) => t.label)).size).toBe(RICH_TEXT_TOOLS.length);
    for (const t of RICH_TEXT_TOOLS.filter((x) => x.command === 'formatBlock')) expect(['p', 'h2', 'h3', 'h4']).toContain(t.arg);
  });
});
