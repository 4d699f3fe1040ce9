import type { SurveyOption, SurveyQuestionType } from './surveyQuestionTypes.js';
import { percent } from './chart.js';
import { round2 } from './ruleSchemas.js';

/** Questionnaires: the statistics (option shares, scores, NPS, cross-tabs). Part of surveyKinds.ts, split along its sections. */

// ---- statistics ---------------------------------------------------------------------------------

export interface OptionShare {
  id: string;
  text: string;
  count: number;
  /** % of the question's respondents (2 decimals, spec §9). */
  percent: number;
  /** Multiple choice: % of all choices made. */
  share?: number;
  hidden?: boolean;
}

/** Each option's count and percentage of `respondents`; for multiple choice also its share of `choices`. */
export function optionShares(options: readonly SurveyOption[], counts: ReadonlyMap<string, number>, respondents: number, choices?: number): OptionShare[] {
  return options
    .filter((o) => !o.hidden || (counts.get(o.id) ?? 0) > 0)
    .map((o) => {
      const count = counts.get(o.id) ?? 0;
      return { id: o.id, text: o.text, count, percent: percent(count, respondents), ...(choices !== undefined ? { share: percent(count, choices) } : {}), ...(o.hidden ? { hidden: true } : {}) };
    });
}

export interface SurveyScoreSummary {
  count: number;
  mean: number;
  median: number;
  distribution: { value: number; count: number; percent: number }[];
}

/** Mean (2 decimals), median and distribution of scores `min`..`max` from their counts. */
export function scoreSummary(counts: ReadonlyMap<number, number>, min: number, max: number): SurveyScoreSummary {
  const values = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  const count = values.reduce((s, v) => s + (counts.get(v) ?? 0), 0);
  const sum = values.reduce((s, v) => s + v * (counts.get(v) ?? 0), 0);
  const at = (k: number) => {
    let seen = 0;
    for (const v of values) {
      seen += counts.get(v) ?? 0;
      if (seen > k) return v;
    }
    return 0;
  };
  const median = count === 0 ? 0 : count % 2 ? at((count - 1) / 2) : (at(count / 2 - 1) + at(count / 2)) / 2;
  return { count, mean: count ? round2(sum / count) : 0, median, distribution: values.map((value) => ({ value, count: counts.get(value) ?? 0, percent: percent(counts.get(value) ?? 0, count) })) };
}

export interface NpsSummary extends SurveyScoreSummary {
  promoters: number;
  passives: number;
  detractors: number;
  /** % promoters (9–10) − % detractors (0–6), 2 decimals, −100..100. */
  nps: number;
}

export function npsSummary(counts: ReadonlyMap<number, number>): NpsSummary {
  const summary = scoreSummary(counts, 0, 10);
  const sumOf = (from: number, to: number) => summary.distribution.filter((d) => d.value >= from && d.value <= to).reduce((s, d) => s + d.count, 0);
  const promoters = sumOf(9, 10);
  const detractors = sumOf(0, 6);
  return { ...summary, promoters, passives: sumOf(7, 8), detractors, nps: summary.count ? round2(((promoters - detractors) * 100) / summary.count) : 0 };
}

export interface CrossTab {
  rows: { id: string; text: string; total: number; cells: { id: string; count: number; percent: number }[] }[];
  cols: { id: string; text: string; total: number }[];
  total: number;
}

/**
 * Question × question: responses choosing row option r and column option c; a cell's percent is
 * of its row's responses (2 decimals).
 */
export function crossTab(rows: readonly SurveyOption[], cols: readonly SurveyOption[], pairs: readonly { row: string; col: string; count: number }[], rowTotals: ReadonlyMap<string, number>): CrossTab {
  const cell = new Map(pairs.map((p) => [`${p.row}\u0000${p.col}`, p.count]));
  const colTotal = (id: string) => pairs.filter((p) => p.col === id).reduce((s, p) => s + p.count, 0);
  const out = rows.map((r) => {
    const total = rowTotals.get(r.id) ?? 0;
    return { id: r.id, text: r.text, total, cells: cols.map((c) => ({ id: c.id, count: cell.get(`${r.id}\u0000${c.id}`) ?? 0, percent: percent(cell.get(`${r.id}\u0000${c.id}`) ?? 0, total) })) };
  });
  return { rows: out, cols: cols.map((c) => ({ id: c.id, text: c.text, total: colTotal(c.id) })), total: [...rowTotals.values()].reduce((s, n) => s + n, 0) };
}

/** Types a cross-tab can take as rows or columns (one or more options per response). */
export const CROSSTAB_TYPES: readonly SurveyQuestionType[] = ['single', 'multiple', 'dropdown'];
