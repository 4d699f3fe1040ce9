import type { ActivityKind } from '../kind.js';
import { contestCheckKind } from './checkKind.js';
import { assertContestReady, assertPassScoreFits, CONTEST_BINDINGS, preparedContestConfig } from './family.js';
import { contestAdminRoutes } from './adminRoutes.js';
import { contestReaderRoutes } from './readerRoutes.js';
import { contestFiguresRoutes } from './figures.js';

/** Knowledge contests (types 3 知识竞赛, 6 闯关竞赛): papers drawn from banks, attempts, marking, rankings. */
export const contestsKind: ActivityKind = {
  name: 'contests',
  types: [3, 6],
  async prepare({ type, values, existing, tx }) {
    values.config = preparedContestConfig(values, existing);
    if (type === 3) await assertPassScoreFits(tx, (existing?.id as number | undefined) ?? null, values.config);
  },
  assertReady: assertContestReady,
  checkKinds: [contestCheckKind],
  bindings: CONTEST_BINDINGS,
  routes: [contestReaderRoutes, contestAdminRoutes],
  figures: contestFiguresRoutes,
};
