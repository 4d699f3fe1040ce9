import { describe, expect, it } from 'vitest';
import {
  awardQuotaOf,
  collectedAuthor,
  countWords,
  CREATION_TYPES,
  defaultWorkConfig,
  IMAGE_EXTS,
  MEDIA_KINDS,
  mediaFileName,
  uniqueFileNames,
  WORK_NO_PATTERN,
  workBodySchema,
  workConfigSchema,
  workNumber,
  workProblems,
  workWindows,
  type WorkConfig,
  type WorkConfigInput,
  type WorkSubmission,
} from '../src/index.js';

const cst = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => Date.UTC(y, mo - 1, d, h - 8, mi, s) / 1000;

/** Issues of a configuration as `path: message`. */
function issuesOf(type: 1 | 9, input: unknown, activity = {}): string[] {
  const r = workConfigSchema(type, activity).safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

const essay = { id: 1, name: '征文', media: 'text' as const };
const painting = { id: 2, name: '书画', media: 'image' as const };

describe('counting words of Chinese text', () => {
  it.each([
    ['我爱读书', 4],
    ['我爱读书。', 5],
    ['“你好”，《红楼梦》……', 12],
    ['Hello world, readers!', 3],
    ['我读了3本书', 6],
    ['2024年', 2],
    ['e-mail don’t don\'t 3.14', 4],
    ['２０２４年', 2],
    ['   \n\t  ', 0],
    ['👍👍', 0],
    ['こんにちは', 5],
    ['', 0],
  ])('%j counts %i', (text, n) => {
    expect(countWords(text)).toBe(n);
  });
});

describe('the work configuration', () => {
  it('media kinds are the creation types of the activity forms', () => {
    expect([...MEDIA_KINDS]).toEqual(CREATION_TYPES.map((c) => c.value));
  });

  it('fills the defaults of each media kind (design §2b)', () => {
    const c = workConfigSchema(9).parse({
      creation_types: [essay, painting, { id: 3, name: '朗诵', media: 'audio' }, { id: 4, name: '视频', media: 'video' }, { id: 5, name: '文档', media: 'file' }, { id: 6, name: '链接', media: 'link' }],
    });
    const [text, image, audio, video, file, link] = c.creation_types;
    expect(text).toMatchObject({ text_min_words: 0, text_max_words: 5000, files_min: 0, files_max: 0, formats: [], duration_max_sec: 0 });
    expect(image).toMatchObject({ files_min: 1, files_max: 9, file_max_kb: 10240, formats: [...IMAGE_EXTS], text_max_words: 500 });
    expect(audio).toMatchObject({ files_min: 1, files_max: 1, file_max_kb: 51200, duration_max_sec: 600 });
    expect(video).toMatchObject({ files_min: 1, files_max: 1, file_max_kb: 512000, duration_max_sec: 600 });
    expect(file).toMatchObject({ files_min: 1, files_max: 5, file_max_kb: 20480 });
    expect(link).toMatchObject({ files_min: 0, files_max: 0, formats: [] });
    expect(c).toMatchObject({
      groups: [],
      award_levels: ['一等奖', '二等奖', '三等奖', '优秀奖'],
      per_user_max_works: 1,
      submit_start_at: null,
      edit_until: null,
      author_fields: { real_name: 'required', unit: 'required', grade: 'optional', phone: 'required', instructor: 'optional' },
      pledge: { required: 1 },
      user_upload: 1,
      moderation: 'pre',
    });
  });

  it('type 1 has exactly one creation type, type 9 two or more', () => {
    expect(issuesOf(1, { creation_types: [essay] })).toEqual([]);
    expect(issuesOf(1, { creation_types: [essay, painting] })).toEqual(['creation_types: 单类型原创作品只能设置1个创作类型']);
    expect(issuesOf(9, { creation_types: [essay] })).toEqual(['creation_types: 多类型原创作品至少设置2个创作类型']);
    expect(issuesOf(9, { creation_types: [essay, painting] })).toEqual([]);
    expect(issuesOf(1, { creation_types: [] })).toEqual(['creation_types: 请设置创作类型']);
    expect(issuesOf(9, { creation_types: [] })).toEqual(['creation_types: 请设置创作类型']);
    expect(defaultWorkConfig(1).creation_types).toHaveLength(1);
    expect(defaultWorkConfig(9).creation_types).toHaveLength(2);
    // What is stored is read again: a configuration's output is a valid input (the server keeps the output).
    expect(workConfigSchema(9).parse(defaultWorkConfig(9))).toEqual(defaultWorkConfig(9));
  });

  it('refuses formats, file counts and sizes that do not fit the media kind', () => {
    expect(issuesOf(1, { creation_types: [{ ...painting, formats: ['jpg', 'mp3'] }] })).toEqual(['creation_types.0.formats: 图片作品不能使用mp3格式']);
    expect(issuesOf(1, { creation_types: [{ ...painting, formats: ['exe'] }] })).toEqual(['creation_types.0.formats.0: 请选择有效的文件格式']);
    expect(issuesOf(1, { creation_types: [{ ...essay, files_max: 2 }] })).toEqual(['creation_types.0.files_max: 文字作品不能上传文件']);
    expect(issuesOf(1, { creation_types: [{ ...painting, files_min: 3, files_max: 2 }] })).toEqual(['creation_types.0.files_min: 最少文件数不能大于最多文件数']);
    expect(issuesOf(1, { creation_types: [{ ...painting, files_min: 0, files_max: 0 }] })).toEqual(['creation_types.0.files_max: 图片作品至少允许上传1个文件']);
    expect(issuesOf(1, { creation_types: [{ ...painting, files_max: 20 }] })).toEqual([]);
    expect(issuesOf(1, { creation_types: [{ ...painting, files_max: 21 }] })).toEqual(['creation_types.0.files_max: 最多文件数不能超过20']);
    expect(issuesOf(1, { creation_types: [{ ...painting, file_max_kb: 20480 }] })).toEqual([]);
    expect(issuesOf(1, { creation_types: [{ ...painting, file_max_kb: 20481 }] })).toEqual(['creation_types.0.file_max_kb: 单个图片大小上限不能超过20MB']);
    // A minimum above the default maximum raises the maximum instead of failing.
    expect(workConfigSchema(1).parse({ creation_types: [{ ...painting, files_min: 12 }] }).creation_types[0]).toMatchObject({ files_min: 12, files_max: 12 });
  });

  it('word limits: up to 50000 for text, 5000 for a description, minimum not above maximum', () => {
    expect(issuesOf(1, { creation_types: [{ ...essay, text_max_words: 50000 }] })).toEqual([]);
    expect(issuesOf(1, { creation_types: [{ ...essay, text_max_words: 50001 }] })).toEqual(['creation_types.0.text_max_words: 最多字数不能超过50000']);
    expect(issuesOf(1, { creation_types: [{ ...painting, text_max_words: 5001 }] })).toEqual(['creation_types.0.text_max_words: 最多字数不能超过5000']);
    expect(issuesOf(1, { creation_types: [{ ...essay, text_min_words: 801, text_max_words: 800 }] })).toEqual(['creation_types.0.text_min_words: 最少字数不能大于最多字数']);
    expect(issuesOf(1, { creation_types: [{ ...essay, text_min_words: 800, text_max_words: 800 }] })).toEqual([]);
  });

  it('ids, names, group codes and award levels are unique; quotas name existing levels', () => {
    expect(issuesOf(9, { creation_types: [essay, { ...painting, id: 1 }] })).toEqual(['creation_types.1.id: 创作类型编号重复']);
    expect(issuesOf(9, { creation_types: [essay, { ...painting, name: '征文' }] })).toEqual(['creation_types.1.name: 创作类型名称重复']);
    const groups = [
      { id: 1, code: 'A', name: '小学组' },
      { id: 2, code: 'A', name: '初中组' },
    ];
    expect(issuesOf(1, { creation_types: [essay], groups })).toEqual(['groups.1.code: 组别代码重复']);
    expect(issuesOf(1, { creation_types: [essay], groups: [{ id: 1, code: 'a1', name: '小学组' }] })).toEqual(['groups.0.code: 组别代码为1-4位大写字母或数字，以字母开头']);
    expect(issuesOf(1, { creation_types: [essay], groups: [{ id: 1, code: 'ABCD', name: '小学组' }] })).toEqual([]);
    expect(issuesOf(1, { creation_types: [essay], groups: [{ id: 1, code: 'ABCDE', name: '小学组' }] })).toHaveLength(1);
    expect(issuesOf(1, { creation_types: [essay], award_levels: ['金奖', '金奖'] })).toEqual(['award_levels.1: 获奖等级重复']);
    expect(issuesOf(1, { creation_types: [essay], award_quota: { 特等奖: 1 } })).toEqual(['award_quota.特等奖: 获奖等级“特等奖”不存在']);
    expect(issuesOf(1, { creation_types: [essay], groups: [{ id: 1, code: 'A', name: '小学组', award_quota: { 一等奖: 2, 金奖: 1 } }] })).toEqual([
      'groups.0.award_quota.金奖: 获奖等级“金奖”不存在',
    ]);
    expect(issuesOf(1, { creation_types: [essay], groups: [{ id: 1, code: 'A', name: '小学组', text_min_words: 600, text_max_words: 500 }] })).toEqual([
      'groups.0.text_min_words: 本组最少字数不能大于最多字数',
    ]);
  });

  it('a creation type’s own limit cannot exceed the works per reader', () => {
    expect(issuesOf(9, { creation_types: [essay, { ...painting, max_per_user: 2 }], per_user_max_works: 2 })).toEqual([]);
    expect(issuesOf(9, { creation_types: [essay, { ...painting, max_per_user: 3 }], per_user_max_works: 2 })).toEqual([
      'creation_types.1.max_per_user: 每人该类型作品数不能超过每人作品数（2）',
    ]);
    expect(issuesOf(1, { creation_types: [essay], per_user_max_works: 21 })).toEqual(['per_user_max_works: 每人作品数不能超过20']);
    expect(issuesOf(1, { creation_types: [essay], per_user_max_works: 0 })).toEqual(['per_user_max_works: 每人作品数不能小于1']);
  });

  describe('windows, inside the activity: start ≤ submit start < submit end ≤ edit until ≤ end', () => {
    const act = { start_at: cst(2024, 3, 1), end_at: cst(2024, 6, 30) };
    const base = { creation_types: [essay] };
    it('accepts windows at the exact edges', () => {
      expect(issuesOf(1, { ...base, submit_start_at: act.start_at, submit_end_at: cst(2024, 5, 31), edit_until: cst(2024, 5, 31) }, act)).toEqual([]);
      expect(issuesOf(1, { ...base, submit_end_at: act.end_at, edit_until: act.end_at }, act)).toEqual([]);
    });
    it('refuses each edge crossed by a second', () => {
      expect(issuesOf(1, { ...base, submit_start_at: act.start_at - 1 }, act)).toEqual(['submit_start_at: 征集开始时间不能早于活动开始时间']);
      expect(issuesOf(1, { ...base, submit_end_at: act.end_at + 1 }, act)).toEqual(['submit_end_at: 征集结束时间不能晚于活动结束时间']);
      expect(issuesOf(1, { ...base, submit_start_at: cst(2024, 5, 1), submit_end_at: cst(2024, 5, 1) }, act)).toEqual(['submit_end_at: 征集结束时间必须晚于开始时间']);
      expect(issuesOf(1, { ...base, submit_end_at: cst(2024, 5, 31), edit_until: cst(2024, 5, 31) - 1 }, act)).toEqual(['edit_until: 修改截止时间不能早于征集结束时间']);
      expect(issuesOf(1, { ...base, edit_until: act.end_at + 1 }, act)).toEqual(['edit_until: 修改截止时间不能晚于活动结束时间']);
      // Without its own submission end, the activity's end is the submission end.
      expect(issuesOf(1, { ...base, edit_until: act.end_at - 1 }, act)).toEqual(['edit_until: 修改截止时间不能早于征集结束时间']);
    });
    it('resolves unset windows from the activity', () => {
      expect(workWindows({ submit_start_at: null, submit_end_at: null, edit_until: null }, act)).toEqual({ submit_start_at: act.start_at, submit_end_at: act.end_at, edit_until: act.end_at });
      expect(workWindows({ submit_start_at: null, submit_end_at: cst(2024, 5, 1), edit_until: null }, act)).toMatchObject({ submit_end_at: cst(2024, 5, 1), edit_until: cst(2024, 5, 1) });
      expect(workWindows({ submit_start_at: null, submit_end_at: null, edit_until: null }, { start_at: 0, end_at: null })).toEqual({ submit_start_at: null, submit_end_at: null, edit_until: null });
    });
  });

  it('award places by group, or for the whole activity without groups', () => {
    const c = workConfigSchema(1).parse({
      creation_types: [essay],
      award_quota: { 一等奖: 1 },
      groups: [{ id: 7, code: 'A', name: '小学组', award_quota: { 一等奖: 3, 三等奖: 5 } }],
    });
    expect(awardQuotaOf(c, 7)).toEqual([
      { level: '一等奖', places: 3 },
      { level: '二等奖', places: 0 },
      { level: '三等奖', places: 5 },
      { level: '优秀奖', places: 0 },
    ]);
    expect(awardQuotaOf(c, null)[0]).toEqual({ level: '一等奖', places: 1 });
    expect(awardQuotaOf(c, 99).every((q) => q.places === 0)).toBe(true);
  });
});

describe('a work against its configuration', () => {
  const config: WorkConfig = workConfigSchema(9).parse({
    creation_types: [
      { ...essay, text_min_words: 300, text_max_words: 800 },
      { ...painting, files_min: 1, files_max: 3, file_max_kb: 1024, formats: ['jpg', 'png'] },
      { id: 3, name: '朗诵', media: 'audio' },
      { id: 4, name: '推荐链接', media: 'link' },
    ],
    groups: [
      { id: 1, code: 'A', name: '小学组', grades: [1, 2, 3, 4, 5, 6], text_max_words: 500 },
      { id: 2, code: 'B', name: '初中组', grades: [7, 9] },
    ],
  } satisfies WorkConfigInput);
  const author = { real_name: '张小明', unit: '实验小学', phone: '13800000000' };
  const text = (n: number): WorkSubmission => ({ creation_type_id: 1, group_id: 2, content: '书'.repeat(n), files: [], author, pledge: true });
  const image = (files: WorkSubmission['files']): WorkSubmission => ({ creation_type_id: 2, group_id: 2, content: '', files, author, pledge: true });
  const jpg = (size_kb = 100) => ({ ext: 'jpg', size_kb });
  const problems = (w: WorkSubmission, opts?: Parameters<typeof workProblems>[2]) => workProblems(config, w, opts).map((p) => `${p.field}: ${p.message}`);

  it('a complete essay at the exact word limits passes', () => {
    expect(problems(text(300))).toEqual([]);
    expect(problems(text(800))).toEqual([]);
  });
  it('counts words and names the limit and the count', () => {
    expect(problems(text(299))).toEqual(['content: 正文不能少于300字（当前299字）']);
    expect(problems(text(801))).toEqual(['content: 正文不能超过800字（当前801字）']);
    expect(problems({ ...text(0), content: '  ' })).toEqual(['content: 请输入正文']);
  });
  it('a group’s own word limit replaces the type’s', () => {
    expect(problems({ ...text(500), group_id: 1 })).toEqual([]);
    expect(problems({ ...text(501), group_id: 1 })).toEqual(['content: 正文不能超过500字（当前501字）']);
    expect(problems({ ...text(299), group_id: 1 })).toEqual(['content: 正文不能少于300字（当前299字）']);
  });
  it('a draft is refused only what adding cannot fix', () => {
    expect(problems({ ...text(10), author: {}, pledge: false }, { draft: true })).toEqual([]);
    expect(problems({ ...text(0), group_id: null }, { draft: true })).toEqual([]);
    expect(problems(text(801), { draft: true })).toEqual(['content: 正文不能超过800字（当前801字）']);
    expect(problems(image([jpg(), jpg(), jpg(), jpg()]), { draft: true })).toEqual(['media: 最多上传3张图片']);
    expect(problems(image([{ ext: 'gif', size_kb: 1 }]), { draft: true })).toEqual(['media.0: 只能上传jpg、png格式的图片']);
  });
  it('groups: required when configured, must exist, and fit the reader’s grade', () => {
    expect(problems({ ...text(300), group_id: null })).toEqual(['group_id: 请选择组别']);
    expect(problems({ ...text(300), group_id: 3 })).toEqual(['group_id: 请选择有效的组别']);
    expect(problems({ ...text(300), group_id: 1 }, { reader_grade: 6 })).toEqual([]);
    expect(problems({ ...text(300), group_id: 1 }, { reader_grade: 7 })).toEqual(['group_id: 小学组仅限1-6年级参加']);
    expect(problems({ ...text(300), group_id: 2 }, { reader_grade: 8 })).toEqual(['group_id: 初中组仅限7、9年级参加']);
    expect(problems({ ...text(300), group_id: 1 }, { reader_grade: null })).toEqual([]);
    const noGroups = workConfigSchema(1).parse({ creation_types: [essay] });
    expect(workProblems(noGroups, { ...text(10), group_id: 1 })).toEqual([{ field: 'group_id', message: '本活动未设组别' }]);
  });
  it('an unknown creation type stops the checks there', () => {
    expect(problems({ ...text(300), creation_type_id: 9 })).toEqual(['creation_type_id: 请选择有效的创作类型']);
  });
  it('files: count, format (case ignored), size at the exact limit', () => {
    expect(problems(image([jpg()]))).toEqual([]);
    expect(problems(image([]))).toEqual(['media: 请上传图片']);
    expect(problems(image([jpg(), jpg(), jpg()]))).toEqual([]);
    expect(problems(image([jpg(), jpg(), jpg(), jpg()]))).toEqual(['media: 最多上传3张图片']);
    expect(problems(image([{ ext: 'PNG', size_kb: 1024 }]))).toEqual([]);
    expect(problems(image([jpg(), { ext: 'png', size_kb: 1025 }]))).toEqual(['media.1: 图片大小不能超过1MB']);
    expect(problems(image([{ ext: 'webp', size_kb: 5 }]))).toEqual(['media.0: 只能上传jpg、png格式的图片']);
    const two = workConfigSchema(1).parse({ creation_types: [{ ...painting, files_min: 2 }] });
    expect(workProblems(two, { ...image([jpg()]), group_id: null }).map((p) => p.message)).toEqual(['至少上传2张图片']);
  });
  it('a text or link work carries no files', () => {
    expect(problems({ ...text(300), files: [jpg()] })).toEqual(['media: 文字作品不能上传文件']);
  });
  it('audio longer than the limit is refused; an unknown duration is not checked', () => {
    const audio = (duration_sec: number | null): WorkSubmission => ({ creation_type_id: 3, group_id: 2, content: '', files: [{ ext: 'mp3', size_kb: 2048, duration_sec }], author, pledge: true });
    expect(problems(audio(600))).toEqual([]);
    expect(problems(audio(601))).toEqual(['media.0: 音频时长不能超过10分钟']);
    expect(problems(audio(null))).toEqual([]);
  });
  it('a description has its own word limit', () => {
    expect(problems({ ...image([jpg()]), content: '画'.repeat(500) })).toEqual([]);
    expect(problems({ ...image([jpg()]), content: '画'.repeat(501) })).toEqual(['content: 作品简介不能超过500字（当前501字）']);
  });
  it('a link work needs its link', () => {
    const link: WorkSubmission = { creation_type_id: 4, group_id: 2, content: '', link: '', files: [], author, pledge: true };
    expect(problems(link)).toEqual(['link: 请输入作品链接']);
    expect(problems({ ...link, link: 'https://example.com/v/1' })).toEqual([]);
  });
  it('required author fields and the pledge', () => {
    expect(problems({ ...text(300), author: { ...author, real_name: '  ' } })).toEqual(['author.real_name: 请输入真实姓名']);
    expect(problems({ ...text(300), author: {} })).toEqual(['author.real_name: 请输入真实姓名', 'author.unit: 请输入学校/单位', 'author.phone: 请输入联系电话']);
    expect(problems({ ...text(300), pledge: false })).toEqual(['pledge: 请阅读并勾选原创承诺']);
    const relaxed = { ...config, pledge: { required: 0 as const, text: '' }, author_fields: { ...config.author_fields, phone: 'hidden' as const, unit: 'optional' as const } };
    expect(workProblems(relaxed, { ...text(300), author: { real_name: '张' }, pledge: false })).toEqual([]);
  });
  it('author fields not collected are dropped, the others trimmed', () => {
    const c = { ...config, author_fields: { ...config.author_fields, phone: 'hidden' as const } };
    expect(collectedAuthor(c, { real_name: ' 张小明 ', phone: '138', unit: '', instructor: '王老师' })).toEqual({ real_name: '张小明', instructor: '王老师' });
  });
});

describe('the body of a submitted work', () => {
  const ok = { creation_type_id: 1, title: ' 春天 ' };
  const messages = (body: unknown) => {
    const r = workBodySchema.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('fills defaults: no group, empty content and files, not pledged, submitted', () => {
    expect(workBodySchema.parse(ok)).toMatchObject({ title: '春天', group_id: null, content: '', link: '', media: [], author: {}, pledge: false, submit: true });
  });
  it('names each bad field', () => {
    expect(messages({ ...ok, title: ' ' })).toEqual(['title: 请输入作品名称']);
    expect(messages({ ...ok, title: '题'.repeat(51) })).toEqual(['title: 作品名称不能超过50个字符']);
    expect(messages({ ...ok, title: '题'.repeat(50) })).toEqual([]);
    expect(messages({ title: 'x' })).toEqual(['creation_type_id: 请选择创作类型']);
    expect(messages({ ...ok, media: [''] })).toEqual(['media.0: 请上传作品文件']);
    expect(messages({ ...ok, media: ['/etc/passwd'] })).toEqual(['media.0: 作品文件必须是上传后的文件地址']);
    expect(messages({ ...ok, link: 'ftp://x' })).toEqual(['link: 作品链接必须以http://或https://开头']);
    expect(messages({ ...ok, content: 'a\u0000b' })).toEqual(['content: 作品内容不能包含控制字符']);
    expect(messages({ ...ok, author: { phone: 'abc' } })).toEqual(['author.phone: 联系电话只能包含数字、空格、+和-']);
    expect(messages({ ...ok, media: Array.from({ length: 21 }, (_, i) => `/v1/files/szlib/public/2024/${i}.jpg`) })).toEqual(['media: 作品文件最多20个']);
  });
});

describe('work numbers and file names', () => {
  it('activity, group code and a 4-digit sequence; the sequence may outgrow 4 digits', () => {
    expect(workNumber(37, 1, 'A')).toBe('37-A-0001');
    expect(workNumber(37, 12)).toBe('37-0012');
    expect(workNumber(37, 12345, 'B2')).toBe('37-B2-12345');
    for (const n of ['37-A-0001', '37-0012', '37-B2-12345']) expect(n).toMatch(WORK_NO_PATTERN);
    expect('37-a-0001').not.toMatch(WORK_NO_PATTERN);
    expect('37-12').not.toMatch(WORK_NO_PATTERN);
  });
  it('zip entries are title plus index, safe for every file system', () => {
    expect(mediaFileName('春天的故事', 1, 'JPG')).toBe('春天的故事-1.jpg');
    expect(mediaFileName('春/天:的*故事?', 2, 'png')).toBe('春_天_的_故事_-2.png');
    expect(mediaFileName('  ', 1, 'pdf')).toBe('作品-1.pdf');
    expect(mediaFileName('..hidden', 1, 'pdf')).toBe('hidden-1.pdf');
    expect(mediaFileName('长'.repeat(70), 3, 'mp3')).toBe(`${'长'.repeat(60)}-3.mp3`);
  });
  it('repeated names get (2), (3)…', () => {
    expect(uniqueFileNames(['a-1.jpg', 'a-1.jpg', 'b-1.jpg', 'a-1.jpg', 'x'])).toEqual(['a-1.jpg', 'a-1(2).jpg', 'b-1.jpg', 'a-1(3).jpg', 'x']);
  });
});
