/** Texts of the scan campaign pages (type 16 扫码积分). */
export const TAB_BATCHES = '二维码批次';
export const TAB_CODES = '二维码';
export const TAB_LOG = '扫码记录';
export const TAB_RANKING = '积分排行';
export const CODES = '查看二维码';
export const SHEET = '导出表格';
export const QR_ZIP = '下载二维码图片';
export const ALL_BATCHES = '全部批次';
export const RANK = '名次';
export const ACCOUNT = '读者账号';
export const NAME = '姓名';
export const POINTS = '积分';
export const SCANS = '成功扫码';
export const RANKING_EMPTY = '活动期间还没有读者获得积分';
export const RANKING_HINT = '按活动期间扫码获得的积分排名，同分时先达到者在前。';

