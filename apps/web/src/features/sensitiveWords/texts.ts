/** Texts of the sensitive-word pages (the spec is silent on them). */
export const BATCH_ADD = '批量添加';
export const BATCH_TITLE = '批量添加敏感词';
export const BATCH_WORDS = '敏感词';
export const BATCH_WORDS_HINT = '每行一个敏感词（也可用逗号分隔），已存在的词会跳过';
export const BATCH_LEVEL = '级别';
export const OK = '添加';
export const CANCEL = '取消';
export const ADDED = (added: number, skipped: number) => (skipped ? `已添加${added}个敏感词，跳过${skipped}个已存在的词` : `已添加${added}个敏感词`);
export const PLATFORM_HINT = '平台敏感词对所有机构生效。高风险：评论直接驳回并计入读者违规；需审核：评论和作品转人工审核。文字比对时忽略全角半角、大小写、空格和符号。';
export const ORG_HINT = '本机构敏感词与平台敏感词一同生效。高风险：评论直接驳回并计入读者违规；需审核：评论和作品转人工审核。文字比对时忽略全角半角、大小写、空格和符号。';
