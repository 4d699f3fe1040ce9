/** Texts of the blacklist settings page that the spec does not fix. */
export const CONFIG_HINT =
  '读者的违规（线下活动预约未到场、投票被判无效、评论违规被驳回、作品抄袭）按下列规则计数；在统计天数内达到次数后，读者自动加入黑名单，在所选活动类型中暂停所选操作，参与时会看到原因和截止时间。自动加入的记录可在黑名单列表中查看或解除。';
export const ENABLED = '启用';
export const COUNT = '达到次数';
export const WITHIN_DAYS = '统计天数';
export const WITHIN_DAYS_PLACEHOLDER = '留空表示不限';
export const BAN_DAYS = '限制天数';
export const BAN_DAYS_PLACEHOLDER = '留空表示长期';
export const ACTIONS = '限制的操作';
export const ACTIONS_PLACEHOLDER = '不选表示全部操作';
export const TYPES = '限制的活动类型';
export const TYPES_PLACEHOLDER = '不选表示全部类型';
export const WARN_FIRST = '首次达到次数时仅警告，再次达到才加入黑名单';
export const CLEAR_COUNTER = '警告或加入黑名单后重新计数';
export const SAVE = '保存设置';
export const SAVED = '黑名单规则已保存';
export const RULE_SUMMARY = (count: number, within: number | null, ban: number | null) =>
  `${within ? `${within}天内` : ''}累计${count}次，${ban ? `限制${ban}天` : '长期限制'}`;
