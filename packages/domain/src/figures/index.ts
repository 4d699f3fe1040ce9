import { contestDownloadFigures } from './contests.js';
import type { FiguresDef } from './define.js';
import { evaluationDownloadFigures } from './voting.js';
import {
  originalCountFigures,
  originalDownloadFigures,
  originalMixCountFigures,
  originalMixDownloadFigures,
  originalMixProgramDownloadFigures,
  originalProgramDownloadFigures,
} from './works.js';

export * from './define.js';
export * from './works.js';
export * from './voting.js';
export * from './contests.js';

/** Every figures declaration; the route table's `figures:` names one of them (节目下载's page picks one of two by `?type=`). */
export const FIGURES: FiguresDef[] = [
  originalCountFigures,
  originalMixCountFigures,
  originalDownloadFigures,
  originalMixDownloadFigures,
  originalProgramDownloadFigures,
  originalMixProgramDownloadFigures,
  evaluationDownloadFigures,
  contestDownloadFigures,
];

export const figuresNamed = (name: string): FiguresDef | undefined => FIGURES.find((f) => f.name === name);
