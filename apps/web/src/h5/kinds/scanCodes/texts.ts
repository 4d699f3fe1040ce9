/** The scan campaign's texts in the reader app (type 16 扫码积分, issue 24). */
export const SCAN_CODE_TEXTS = {
  title: '扫码积分',
  badLink: '二维码链接不完整，请重新扫码',
  points: (n: number) => `+${n} 积分`,
  again: '再试一次',
  scanNext: '继续扫码',
  openActivity: '查看活动',
} as const;
