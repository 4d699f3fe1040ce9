/**
 * The local sensitive-word screen (design §1.5 "automatic pre-screen"): the platform's list and
 * each organisation's list, every word with its level, compiled once into an Aho–Corasick
 * automaton so one pass over a text finds every listed word, however many thousands there are.
 *
 * Text and words are compared normalised (`normaliseForScreen`): compatibility forms folded
 * (full-width Ｌａｔｉｎ and digits, circled numbers), lower case, and whitespace, zero-width
 * characters, punctuation and symbols (emoji included) left out — so 敏 感 词, 敏*感*词 and 敏😀感词
 * all read 敏感词.
 */

/** A listed word's level: 高风险 (a comment is rejected at once) or 需审核 (held for a person). */
export const SENSITIVE_LEVELS = { risky: '高风险', review: '需审核' } as const;
export type SensitiveLevel = keyof typeof SENSITIVE_LEVELS;
export const SENSITIVE_LEVEL_KEYS = Object.keys(SENSITIVE_LEVELS) as [SensitiveLevel, ...SensitiveLevel[]];

/** What the screen says of a text (design §1.5 `auto_result`). */
export const SCREEN_RESULTS = { pass: '通过', review: '需审核', risky: '高风险' } as const;
export type ScreenResult = keyof typeof SCREEN_RESULTS;

/** The longest word a list holds. */
export const SENSITIVE_WORD_MAX = 50;
/** Most words one batch add takes. */
export const SENSITIVE_BATCH_MAX = 5000;

/** The reason a risky comment is rejected with (the matched words are kept beside it, for reviewers). */
export const SCREEN_REJECT_REASON = '内容含有敏感词，已自动驳回';
/** The message of a word that is nothing once normalised (only spaces or symbols). */
export const WORD_EMPTY_MESSAGE = '敏感词不能只有空格或符号';

const LEFT_OUT = /[\s\p{P}\p{S}\u200b-\u200f\u2060\ufeff]/gu;

/** The form both words and texts are compared in (see the module comment). */
export function normaliseForScreen(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(LEFT_OUT, '');
}

export interface SensitiveEntry {
  word: string;
  level: SensitiveLevel;
}

/** A compiled list: the automaton over the normalised words. */
export interface WordMatcher {
  readonly size: number;
  /** The entries found in `text` (indexes into the compiled entries, each once). */
  find(text: string): SensitiveEntry[];
}

/**
 * Compile a list (Aho–Corasick: a trie of the normalised words, failure links by breadth-first
 * order, each node's outputs merged with its failure node's). Entries normalising to nothing are
 * skipped; the same normalised word twice keeps the higher level.
 */
export function compileWords(entries: readonly SensitiveEntry[]): WordMatcher {
  const next: Map<number, number>[] = [new Map()];
  const out: number[][] = [[]];
  const kept: SensitiveEntry[] = [];
  const byNorm = new Map<string, number>();
  for (const e of entries) {
    const norm = normaliseForScreen(e.word);
    if (!norm) continue;
    const seen = byNorm.get(norm);
    if (seen !== undefined) {
      if (e.level === 'risky') kept[seen] = { ...kept[seen], level: 'risky' };
      continue;
    }
    const index = kept.push({ word: e.word.trim(), level: e.level }) - 1;
    byNorm.set(norm, index);
    let node = 0;
    for (let i = 0; i < norm.length; i++) {
      const c = norm.charCodeAt(i);
      let to = next[node].get(c);
      if (to === undefined) {
        to = next.push(new Map()) - 1;
        out.push([]);
        next[node].set(c, to);
      }
      node = to;
    }
    out[node].push(index);
  }
  const fail = new Array<number>(next.length).fill(0);
  const queue: number[] = [...next[0].values()];
  for (let q = 0; q < queue.length; q++) {
    const node = queue[q];
    for (const [c, child] of next[node]) {
      let f = fail[node];
      while (f !== 0 && !next[f].has(c)) f = fail[f];
      const target = next[f].get(c);
      fail[child] = target !== undefined && target !== child ? target : 0;
      if (out[fail[child]].length) out[child] = out[child].concat(out[fail[child]]);
      queue.push(child);
    }
  }
  return {
    size: kept.length,
    find(text) {
      if (kept.length === 0) return [];
      const norm = normaliseForScreen(text);
      const found = new Set<number>();
      let node = 0;
      for (let i = 0; i < norm.length; i++) {
        const c = norm.charCodeAt(i);
        while (node !== 0 && !next[node].has(c)) node = fail[node];
        node = next[node].get(c) ?? 0;
        for (const o of out[node]) found.add(o);
      }
      return [...found].map((i) => kept[i]);
    },
  };
}

export interface Screening {
  result: ScreenResult;
  /** The listed words found, risky ones first, each once. */
  words: string[];
}

/**
 * Screen texts (a title and a content, say — each on its own, so no word is made across the
 * two) with every list given (the platform's and the organisation's): risky when a risky word is
 * found, review when only review words are, else pass.
 */
export function screenTexts(lists: readonly WordMatcher[], texts: readonly string[]): Screening {
  const risky = new Set<string>();
  const review = new Set<string>();
  for (const list of lists) {
    for (const text of texts) {
      for (const e of list.find(text)) (e.level === 'risky' ? risky : review).add(e.word);
    }
  }
  for (const w of risky) review.delete(w);
  const words = [...risky, ...review];
  return { result: risky.size ? 'risky' : review.size ? 'review' : 'pass', words };
}

/** Words of a batch add: one per line (or separated by commas), trimmed, blanks and repeats left out. */
export function wordsOfBatch(text: string): string[] {
  return [...new Set(text.split(/[\r\n,，]+/).map((w) => w.trim()).filter(Boolean))];
}
