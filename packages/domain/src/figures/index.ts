import { contestCountFigures, contestCountMoreFigures, contestDownloadFigures } from './contests.js';
import type { FiguresDef } from './define.js';
import { thirdPartyCountFigures } from './third.js';
import { integralCountFigures } from './scanCodes.js';
import { offlineCountFigures, offlineSeriesCountFigures, offlineSessionFigures, trainCountFigures, trainReadersFigures } from './offline.js';
import { evaluationDownloadFigures, evaluationResultsFigures, sourceEvidenceFigures } from './voting.js';
import { readClockCountFigures, readClockReadersFigures } from './readClock.js';
import { lectureCountFigures } from './lecture.js';
import { STATISTICS_FIGURES } from './statistics.js';
import { audiobookCountFigures } from './audiobooks.js';
import { redpackCountFigures } from './redpack.js';
import { surveyCountFigures, surveyPaperFigures, surveySubQuesFigures } from './survey.js';
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
export * from './third.js';
export * from './scanCodes.js';
export * from './survey.js';
export * from './offline.js';
export * from './readClock.js';
export * from './lecture.js';
export * from './statistics.js';
export * from './audiobooks.js';
export * from './redpack.js';
/** Times in a figures table or record read as everywhere (China time). */
export { formatSeconds } from '../cells.js';

/** Every figures declaration; a route with `figures: true` renders the one of its path (节目下载's own page picks one of two by `?type=`). */
export const FIGURES: FiguresDef[] = [
  redpackCountFigures,
  originalCountFigures,
  originalMixCountFigures,
  originalDownloadFigures,
  originalMixDownloadFigures,
  originalProgramDownloadFigures,
  originalMixProgramDownloadFigures,
  evaluationDownloadFigures,
  contestDownloadFigures,
  evaluationResultsFigures,
  sourceEvidenceFigures,
  contestCountFigures,
  contestCountMoreFigures,
  thirdPartyCountFigures,
  surveyCountFigures,
  surveySubQuesFigures,
  surveyPaperFigures,
  offlineCountFigures,
  offlineSeriesCountFigures,
  offlineSessionFigures,
  trainCountFigures,
  trainReadersFigures,
  integralCountFigures,
  readClockCountFigures,
  readClockReadersFigures,
  lectureCountFigures,
  ...STATISTICS_FIGURES,
  audiobookCountFigures,
];

/** The declaration a route with `figures: true` renders: the one of its path. */
export const figuresAt = (path: string): FiguresDef | undefined => FIGURES.find((f) => f.path === path);
