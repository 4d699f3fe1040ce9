/** The lecture on demand's texts in the reader app (type 19). */
export const LECTURE_TEXTS = {
  lecture: '讲座',
  goLecture: '去学习',
  items: '讲座内容',
  required: '必修',
  optional: '选修',
  finished: '已完成',
  watched: (pct: number) => `已学${pct}%`,
  open: '打开',
  play: '学习',
  playing: '正在学习',
  lectureProgress: (pct: number) => `学习进度${pct}%`,
  lectureDone: '已完成本讲座',
  noSeek: '完成本节前不能快进',
  maxRate: (r: number) => `最高${r}倍速播放`,
  resumeAt: (s: string) => `上次学到 ${s}`,
  rules: (threshold: number) => `观看达到时长的${threshold}%即完成本节`,
} as const;
