import { worksCheckKind } from '../resources/families/works.js';
import type { CheckKind } from './checkQueue.js';
import { contestCheckKind } from '../contests/checkKind.js';
import { commentsCheckKind } from '../resources/families/evaluation.js';

/** Every kind of reader content the review queue serves. A kind adds itself here (comments, marks…). */
export const CHECK_KINDS: CheckKind[] = [worksCheckKind('creation'), worksCheckKind('originalmix'), worksCheckKind('program'), contestCheckKind, commentsCheckKind];
