import { worksPublishProblem } from '@huodong/domain';
import type { ActivityKind } from '../kind.js';
import { WORK_BINDINGS, worksCheckKind } from './family.js';
import { readerWorkRoutes } from './readerRoutes.js';
import { worksFiguresRoutes } from './figures.js';

/** Works contests (types 1 原创作品, 9 多类型原创): readers submit works, administrators review them. */
export const worksKind: ActivityKind = {
  name: 'works',
  types: [1, 9],
  publishProblem: (_tx, row) => worksPublishProblem(row.type as 1 | 9, row),
  checkKinds: [worksCheckKind('creation'), worksCheckKind('originalmix'), worksCheckKind('program')],
  bindings: WORK_BINDINGS,
  routes: [readerWorkRoutes],
  figures: worksFiguresRoutes,
};
