/** The texts of the contest pages (types 3 and 6). */
export const NEED_ACTIVITY = '请从知识竞赛列表进入';
export const ACTIVITY_MISSING = '竞赛不存在或已被删除';
export const BACK = '返回';
export const QUESTIONS_TITLE = '竞赛题目';
export const LEVELS_TITLE = '关卡管理';
export const LEVEL_QUESTIONS = '题目';
export const LEVEL = '关卡';
export const PAPER = '组卷';
export const PAPER_MODE = '组卷方式';
export const PAPER_MODES = { 1: '固定试卷', 2: '随机组卷' } as const;
export const PAPER_FIXED_HINT = '固定试卷：每位读者答全部题目（可在设置中打乱题目和选项顺序）。';
export const PAPER_RANDOM_HINT = '随机组卷：按规则从本竞赛的题目中为每次答题随机抽题，必答题一定抽中并计入其题型的数量。';
export const QUESTION_COUNT = '题目数';
export const MUST_COUNT = '必答题';
export const TOTAL = '试卷总分';
export const SHORTFALL = '题目数不足';
export const READY = '题目充足，可以发布';
export const RULES = '抽题规则';
export const EDIT_RULES = '编辑组卷';
export const SAVE_RULES = '保存组卷';
export const SAVED = '已保存';
export const ADD_RULE = '添加规则';
export const RULE_TYPE = '题型';
export const RULE_COUNT = '数量';
export const RULE_SCORE = '每题分值';
export const RULE_CATEGORIES = '分类（留空不限）';
export const ANY_CATEGORY = '不限分类';
export const OWN_CATEGORIES = '机构题库分类';
export const OTHER_CATEGORIES = '其他分类';
export const CATEGORY_BY_ID = (id: number) => `分类ID ${id}`;
/** 题目数 of a random paper: what a reader gets, then the contest's questions it is drawn from. */
export const DRAW_OF_POOL = (drawn: number, pool: number) => `抽取 ${drawn} / 题库 ${pool}`;
export const RULE_DIFFICULTY = '难度范围';
export const CHOOSE = '从题库选题';
export const ADD = '新增题目';
export const EDIT = '编辑';
export const COMPARE = '查重';
export const COMPARE_NONE = '没有相似的题目';
export const SIMILARITY = '相似度';
export const OWN_BANK = '机构题库';
export const PUBLIC_BANK = '公共题库';
export const CHOOSE_SCORE = '分值（留空用题库默认分值）';
export const CHOOSE_SELECTED = (n: number) => `选入已勾选的${n}道题`;
export const CHOSEN = (added: number, skipped: number) => `已选入${added}道题${skipped ? `，${skipped}道已在本竞赛中` : ''}`;
export const NONE_SELECTED = '请先勾选题目';
export const QUESTION_TYPE = '题型';
export const STEM = '题干';
export const STEM_BLANK_HINT = '填空题用 ___ 表示一个空';
export const OPTIONS = '选项（每行一个，按A、B、C…排列）';
export const ANSWER = '答案';
export const ANSWER_HINTS: Record<number, string> = {
  1: '填正确选项的字母，如 B',
  2: '填全部正确选项的字母，用逗号分隔，如 A,C',
  3: '填“正确”或“错误”',
  4: '每个空一行；同一空的多个可接受答案用 | 分隔，如 红楼梦|石头记',
  5: '参考答案（简答题由管理员人工评分）',
};
export const ANALYSIS = '解析';
export const SCORE = '分值';
export const DIFFICULTY = '难度';
export const SORT = '排序';
export const LEVEL_REQUIRED = '请先选择关卡';
export const CHECK_TITLE = '竞赛审核';
export const CHECK_DETAIL = '批改';
export const PENDING = '待批改';
export const SHOW_ALL = '显示已批改';
export const READER = '读者';
export const READER_ANSWER = '读者答案';
export const REFERENCE = '参考答案';
export const FULL_SCORE = '满分';
export const GIVE_SCORE = '评分';
export const SUBMIT_MARKS = '提交评分';
export const MARKED = '评分已保存';
export const NO_MARKS = '请先填写评分';
export const NO_PENDING = '暂无待批改的答案';
export const ACTIVITY = '活动';
export const TYPE = '类型';
export const COUNT_TITLE = '知识竞赛统计';
/** The pass line on the score histogram. */
export const PASS_LINE = (score: number, total: number) => `及格线 ${score}/${total}分`;
export const MORE = '答题记录';
export const NO_DAYS = '暂无答题';
