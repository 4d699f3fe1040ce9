import { describe, expect, it } from 'vitest';
import { compileWords, initialItemStatus, itemVisible, normaliseForScreen, screenTexts, wordsOfBatch, ITEM_APPROVED, ITEM_PENDING, ITEM_REJECTED, type SensitiveEntry } from '../src/index.js';

const list = (words: Record<string, 'risky' | 'review'>) => compileWords(Object.entries(words).map(([word, level]) => ({ word, level })));

describe('normalising text and words alike', () => {
  it('folds full-width forms and case, and leaves out spaces, zero-width characters, punctuation and symbols', () => {
    expect(normaliseForScreen('ＦＡＬＵＮ　Ｇong')).toBe('falungong');
    expect(normaliseForScreen('敏 感\t词')).toBe('敏感词');
    expect(normaliseForScreen('敏*感·词')).toBe('敏感词');
    expect(normaliseForScreen('敏\u200b感😀词')).toBe('敏感词');
    expect(normaliseForScreen('①２3')).toBe('123');
  });
});

describe('screening', () => {
  const words = list({ 赌博: 'risky', 代写: 'review', 刷票: 'review', SPAM: 'risky' });

  it('passes a text without listed words', () => {
    expect(screenTexts([words], ['今天读了一本好书'])).toEqual({ result: 'pass', words: [] });
  });

  it('a review word gives review, a risky word gives risky, risky words listed first, each once', () => {
    expect(screenTexts([words], ['提供代写服务'])).toEqual({ result: 'review', words: ['代写'] });
    expect(screenTexts([words], ['代写，刷票，网络赌博，再来赌博'])).toEqual({ result: 'risky', words: ['赌博', '代写', '刷票'] });
  });

  it('finds words written with spaces, symbols, full-width letters or another case', () => {
    expect(screenTexts([words], ['网上 赌 博']).result).toBe('risky');
    expect(screenTexts([words], ['代-写作文']).words).toEqual(['代写']);
    expect(screenTexts([words], ['this is ｓｐａｍ']).words).toEqual(['SPAM']);
  });

  it('screens each text on its own: no word is made across a title and a content', () => {
    expect(screenTexts([words], ['我要代', '写一篇'])).toEqual({ result: 'pass', words: [] });
  });

  it('the platform list and the organisation list together; the higher level wins for a word in both', () => {
    const platform = list({ 代写: 'review' });
    const own = list({ 代写: 'risky', 枪手: 'review' });
    expect(screenTexts([platform, own], ['找枪手代写'])).toEqual({ result: 'risky', words: ['代写', '枪手'] });
    expect(screenTexts([platform, list({})], ['找枪手'])).toEqual({ result: 'pass', words: [] });
  });

  it('a word listed twice (once normalised) is one entry, at the higher level; a word of only symbols is skipped', () => {
    const m = compileWords([
      { word: '代写', level: 'review' },
      { word: '代 写', level: 'risky' },
      { word: ' * ', level: 'risky' },
    ]);
    expect(m.size).toBe(1);
    expect(screenTexts([m], ['代写'])).toEqual({ result: 'risky', words: ['代写'] });
  });

  it('finds overlapping words and words inside other words (the automaton\'s failure links)', () => {
    const m = list({ he: 'review', she: 'review', his: 'review', hers: 'review', 读书会: 'review', 书会: 'review' });
    expect(screenTexts([m], ['ushers']).words.sort()).toEqual(['he', 'hers', 'she']);
    expect(screenTexts([m], ['ahishers']).words.sort()).toEqual(['he', 'hers', 'his', 'she']);
    expect(screenTexts([m], ['读书会']).words.sort()).toEqual(['书会', '读书会']);
  });

  it('matches what a plain substring search finds, for thousands of words and random texts', () => {
    // A seeded generator: the same words and texts every run.
    let seed = 42;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const alphabet = '读书会写作文学阅赌博代刷票abc';
    const word = (len: number) => Array.from({ length: len }, () => alphabet[rnd(alphabet.length)]).join('');
    const entries: SensitiveEntry[] = Array.from({ length: 3000 }, (_, i) => ({ word: word(2 + rnd(4)) + (i % 7 === 0 ? '' : String(i)), level: i % 3 ? 'review' : 'risky' }));
    const m = compileWords(entries);
    for (let k = 0; k < 30; k++) {
      const text = word(400) + String(rnd(3000));
      const naive = new Set(entries.filter((e) => text.includes(e.word)).map((e) => e.word));
      expect(new Set(m.find(text).map((e) => e.word))).toEqual(naive);
    }
  });
});

describe('what the screen does to a comment', () => {
  it('risky → rejected, review → pending in every mode, pass → by the moderation mode', () => {
    expect(initialItemStatus('none', 'risky')).toBe(ITEM_REJECTED);
    expect(initialItemStatus('post', 'review')).toBe(ITEM_PENDING);
    expect(initialItemStatus('none', 'review')).toBe(ITEM_PENDING);
    expect(initialItemStatus('post', 'pass')).toBe(ITEM_APPROVED);
    expect(initialItemStatus('pre', 'pass')).toBe(ITEM_PENDING);
  });

  it('a pending comment held by the screen is not shown to others under post moderation, only to its author', () => {
    expect(itemVisible(ITEM_PENDING, 'post', false, 'pass')).toBe(true);
    expect(itemVisible(ITEM_PENDING, 'post', false, 'review')).toBe(false);
    expect(itemVisible(ITEM_PENDING, 'none', true, 'review')).toBe(true);
  });
});

describe('batch add', () => {
  it('takes one word per line or comma separated, trimmed, without blanks or repeats', () => {
    expect(wordsOfBatch(' 代写\r\n\n刷票，赌博, 代写 \n')).toEqual(['代写', '刷票', '赌博']);
  });
});
