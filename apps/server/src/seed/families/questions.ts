import { OPTION_KEYS, QUESTION_IMPORT_HEADERS, QUESTION_TYPES } from '@huodong/domain';
import { all, ensure, type SeedClient, type SeedStep } from '../step.js';
import { BOOKS, FACTS, type Book } from './questionData.js';

/**
 * Demo question banks, written through the import (`batchCreate`, one sheet per bank) as an
 * administrator would: the public bank (about 240 questions on every book and the reading facts),
 * szlib's bank (about 170, its own categories) and a primary school's (gzsyxx, about 80 on children's books).
 * Questions already in a bank (same stem) are not imported again; szlib also copies some public
 * questions into its bank (`/public/choose`).
 */

type Cells = Record<string, string>;
interface SeedQuestion {
  cells: Cells;
  /** The bank's category name. */
  category: string;
}

const TYPE = QUESTION_TYPES;
/** Options with the right one at `at` (rotated by the question's position, so answers vary). */
function choice(right: string, wrong: string[], at: number): { options: Cells; answer: string } {
  const list = [...wrong.slice(0, 3)];
  const pos = at % (list.length + 1);
  list.splice(pos, 0, right);
  return { options: Object.fromEntries(list.map((text, i) => [`option_${OPTION_KEYS[i]}`, text])), answer: OPTION_KEYS[pos] };
}
/** `n` entries of `pool` other than `not`, starting after `from` (deterministic). */
const others = <T>(pool: T[], not: (x: T) => boolean, from: number, n: number): T[] => {
  const out: T[] = [];
  for (let i = 1; out.length < n && i <= pool.length; i++) {
    const x = pool[(from + i * 7) % pool.length];
    if (!not(x) && !out.includes(x)) out.push(x);
  }
  return out;
};
const authors = [...new Set(BOOKS.map((b) => b.author))];
const eras = [...new Set(BOOKS.map((b) => b.era))];
const chars = BOOKS.flatMap((b) => b.characters.map((c) => ({ c, book: b.title })));
const difficultyOf = (i: number) => String((i % 5) + 1);
const blanks = (groups: string[][]) => groups.map((g) => g.join(';')).join('|');

/** The public bank: per book its author, era, characters, a fill-in, a true/false and a short answer; and the reading facts. */
function publicQuestions(): SeedQuestion[] {
  const out: SeedQuestion[] = [];
  BOOKS.forEach((b, i) => {
    const source = { source_book: b.title, tags: b.era };
    const author = choice(b.author, others(authors, (a) => a === b.author, i, 3), i);
    out.push({ category: b.category, cells: { type: TYPE[1], stem: `《${b.title}》的作者是谁？`, ...author.options, answer: author.answer, difficulty: difficultyOf(i), ...source, analysis: `《${b.title}》是${b.era}${b.author}的作品，${b.about}。` } });
    const era = choice(b.era, others(eras, (e) => e === b.era, i, 3), i + 1);
    out.push({ category: b.category, cells: { type: TYPE[1], stem: `《${b.title}》是哪个时期的作品？`, ...era.options, answer: era.answer, difficulty: difficultyOf(i + 2), ...source } });
    const wrongAuthor = others(authors, (a) => a === b.author, i + 3, 1)[0];
    const claimTrue = i % 2 === 0;
    out.push({ category: b.category, cells: { type: TYPE[3], stem: `《${b.title}》的作者是${claimTrue ? b.author : wrongAuthor}。`, answer: claimTrue ? '正确' : '错误', difficulty: difficultyOf(i + 1), ...source, analysis: `《${b.title}》的作者是${b.author}。` } });
    out.push({ category: b.category, cells: { type: TYPE[4], stem: `《${b.title}》的作者是___。`, answer: blanks([[b.author, ...(b.aliases ?? [])]]), difficulty: difficultyOf(i + 3), ...source } });
    if (b.characters.length >= 2) {
      const mine = b.characters.slice(0, 2 + (i % 2));
      const foreign = others(chars, (x) => x.book === b.title, i, 5 - mine.length).map((x) => x.c);
      const options = [...mine, ...foreign].sort((x, y) => (x + i).localeCompare(y + i));
      out.push({
        category: b.category,
        cells: {
          type: TYPE[2],
          stem: `下列哪些人物出自《${b.title}》？`,
          ...Object.fromEntries(options.map((text, k) => [`option_${OPTION_KEYS[k]}`, text])),
          answer: options.flatMap((o, k) => (mine.includes(o) ? [OPTION_KEYS[k]] : [])).join(','),
          difficulty: difficultyOf(i + 4),
          ...source,
        },
      });
    }
    if (i % 3 === 0) out.push({ category: b.category, cells: { type: TYPE[5], stem: `请简述《${b.title}》的主要内容。`, answer: `${b.about}。言之有理即可。`, difficulty: '3', ...source } });
  });
  FACTS.trueFalse.forEach(([stem, right], i) => out.push({ category: '文学', cells: { type: TYPE[3], stem, answer: right ? '正确' : '错误', difficulty: difficultyOf(i) } }));
  FACTS.single.forEach((q, i) => out.push({ category: '历史', cells: { type: TYPE[1], stem: q.stem, ...Object.fromEntries(q.options.map((o, k) => [`option_${OPTION_KEYS[k]}`, o])), answer: q.answer, difficulty: difficultyOf(i) } }));
  FACTS.multiple.forEach((q, i) => out.push({ category: '历史', cells: { type: TYPE[2], stem: q.stem, ...Object.fromEntries(q.options.map((o, k) => [`option_${OPTION_KEYS[k]}`, o])), answer: q.answer, difficulty: difficultyOf(i + 1) } }));
  FACTS.fill.forEach((q, i) => out.push({ category: '文学', cells: { type: TYPE[4], stem: q.stem, answer: blanks(q.answer), difficulty: difficultyOf(i + 2) } }));
  FACTS.short.forEach((q) => out.push({ category: '文学', cells: { type: TYPE[5], stem: q.stem, answer: q.answer, default_score: '10' } }));
  return out;
}

/** An organisation's category of a book. */
type Shelf = (b: Book) => string;

/** An organisation's bank: per book who a character belongs to, what it is about, a character fill-in, author pairs and a short answer. */
function orgQuestions(books: Book[], shelf: Shelf, facts: string): SeedQuestion[] {
  const out: SeedQuestion[] = [];
  books.forEach((b, i) => {
    const source = { source_book: b.title };
    if (b.characters.length) {
      const who = b.characters[i % b.characters.length];
      const book = choice(`《${b.title}》`, others(BOOKS, (x) => x.title === b.title, i, 3).map((x) => `《${x.title}》`), i);
      out.push({ category: shelf(b), cells: { type: TYPE[1], stem: `“${who}”是哪部作品中的人物？`, ...book.options, answer: book.answer, difficulty: difficultyOf(i), ...source } });
      out.push({ category: shelf(b), cells: { type: TYPE[4], stem: `“${who}”是《___》中的人物。`, answer: blanks([[b.title, `《${b.title}》`]]), difficulty: difficultyOf(i + 1), ...source } });
    }
    const other = others(BOOKS, (x) => x.title === b.title, i + 2, 1)[0];
    const aboutTrue = i % 2 === 1;
    out.push({ category: shelf(b), cells: { type: TYPE[3], stem: `《${b.title}》${aboutTrue ? b.about : other.about}。`, answer: aboutTrue ? '正确' : '错误', difficulty: difficultyOf(i + 2), ...source, analysis: `《${b.title}》${b.about}。` } });
    const pairs = [b, ...others(BOOKS, (x) => x.title === b.title, i + 5, 3)];
    const shown = pairs.map((x, k) => (k % 2 === 0 ? { text: `《${x.title}》——${x.author}`, right: true } : { text: `《${x.title}》——${pairs[(k + 1) % pairs.length].author}`, right: x.author === pairs[(k + 1) % pairs.length].author }));
    if (shown.filter((s) => s.right).length >= 2 && shown.length >= 3) {
      out.push({
        category: shelf(b),
        cells: {
          type: TYPE[2],
          stem: `下列作品与作者对应正确的有哪些？（${b.title}组）`,
          ...Object.fromEntries(shown.map((s, k) => [`option_${OPTION_KEYS[k]}`, s.text])),
          answer: shown.flatMap((s, k) => (s.right ? [OPTION_KEYS[k]] : [])).join(','),
          difficulty: difficultyOf(i + 3),
        },
      });
    }
    if (i % 2 === 0) out.push({ category: shelf(b), cells: { type: TYPE[5], stem: `读完《${b.title}》，你对哪个人物印象最深？为什么？`, answer: '人物与作品相符，理由具体，言之有理即可。', default_score: '10', ...source } });
  });
  FACTS.trueFalse.slice(0, 6).forEach(([stem, right]) => out.push({ category: facts, cells: { type: TYPE[3], stem, answer: right ? '正确' : '错误' } }));
  return out;
}

const SZLIB_SHELVES = ['古典文学', '现当代文学', '外国文学', '历史', '科普', '阅读常识'];
const szlibShelf: Shelf = (b) =>
  b.category === '历史' ? '历史' : b.category === '科学' ? '科普' : ['清代', '明代', '元末明初', '西汉', '北宋'].includes(b.era) ? '古典文学' : ['近代'].includes(b.era) || /[·]|[A-Z]/.test(b.author) || ['笛福', '凡尔纳', '安徒生', '海明威', '达尔文', '霍金', '法布尔', '格林兄弟', '圣埃克苏佩里', '奥斯特洛夫斯基'].includes(b.author) ? '外国文学' : '现当代文学';
const SCHOOL_SHELVES = ['课外阅读', '阅读常识'];

/** The sheet rows of the questions a bank does not hold yet (by stem). */
async function missingRows(c: SeedClient, path: string, list: SeedQuestion[]): Promise<Record<string, unknown>[]> {
  const have = new Set((await all(c, path)).map((q) => q.stem as string));
  return list
    .filter((q) => !have.has(q.cells.stem))
    .map((q, i) => ({ ...Object.fromEntries(Object.entries({ ...q.cells, category: q.category }).map(([k, v]) => [QUESTION_IMPORT_HEADERS[k], v])), _row: i + 2 }));
}

async function importBank(c: SeedClient, listPath: string, importPath: string, list: SeedQuestion[]): Promise<number> {
  const rows = await missingRows(c, listPath, list);
  if (rows.length === 0) return 0;
  return (await c.post(importPath, { rows })).created as number;
}

export const questionSteps: SeedStep[] = [
  { name: 'publicQuestions', run: (c) => importBank(c, '/v1/public', '/v1/public/batchCreate', publicQuestions()) },
  {
    name: 'szlibQuestions',
    async run(c) {
      await ensure(c, '/v1/szlib/category', 'name', SZLIB_SHELVES.map((name, i) => ({ name, sort: i + 1 })));
      const made = await importBank(c, '/v1/szlib/question', '/v1/szlib/question/batchCreate', orgQuestions(BOOKS, szlibShelf, '阅读常识'));
      // Some public questions copied into szlib's bank (copied once, however often the seed runs).
      const literature = (await c.get('/v1/szlib/public?page_size=12&keyword=' + encodeURIComponent('的作者是谁'))).items as { id: number }[];
      const copied = await c.post('/v1/szlib/public/choose', { ids: literature.map((q) => q.id) });
      return made + (copied.added as number);
    },
  },
  {
    name: 'schoolQuestions',
    async run(c) {
      await ensure(c, '/v1/gzsyxx/category', 'name', SCHOOL_SHELVES.map((name, i) => ({ name, sort: i + 1 })));
      return importBank(c, '/v1/gzsyxx/question', '/v1/gzsyxx/question/batchCreate', orgQuestions(BOOKS.filter((b) => b.young), () => '课外阅读', '阅读常识'));
    },
  },
];
