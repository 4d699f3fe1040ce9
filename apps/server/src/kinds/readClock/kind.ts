import { readClockConfigOf } from '@huodong/domain';
import type { ActivityKind } from '../kind.js';
import { markCheckKind, markChecksBinding, readClockMarksBinding, readClockSourcesBinding } from './family.js';
import { readClockReaderRoutes } from './readerRoutes.js';
import { readClockFiguresRoutes } from './figures.js';

/**
 * Reading check-in (type 8 阅读打卡, design §9, issue 24): a schedule of days (daily, weekdays, a
 * course whose day k unlocks resource k), marks once per reader and China day through the reader
 * API, make-ups, streaks derived from the marks, review in the queue, figures.
 */
export const readClockKind: ActivityKind = {
  name: 'readClock',
  types: [8],
  publishProblem(_tx, row) {
    const c = readClockConfigOf(row.config);
    return c.schedule === 'weekdays' && c.weekdays.length === 0 ? '发布前请选择打卡日' : null;
  },
  bindings: [readClockSourcesBinding, readClockMarksBinding, markChecksBinding],
  routes: [readClockReaderRoutes],
  checkKinds: [markCheckKind],
  figures: readClockFiguresRoutes,
};
