import { worksCheckKind } from '../kinds/works/family.js';
import type { CheckKind } from './checkQueue.js';
import { contestCheckKind } from '../kinds/contests/checkKind.js';
import { commentsCheckKind } from '../kinds/voting/family.js';

/** Every kind of reader content the review queue serves. A kind adds itself here (comments, marks…). */
export const CHECK_KINDS: CheckKind[] = [worksCheckKind('creation'), worksCheckKind('originalmix'), worksCheckKind('program'), contestCheckKind, commentsCheckKind];
