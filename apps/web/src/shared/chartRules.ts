import { chartLabel } from '@huodong/domain';
import type { ChartOption } from './chartOption';

/**
 * The layout rules every chart gets (applied by shared/EChart to whatever option a page builds), so
 * a page states only its data: category labels cut by the spec's rule (§9) and, when they would
 * overlap at the chart's width, rotated and then thinned; bars no wider than BAR_MAX_WIDTH (one day
 * is no longer a bar across the chart); lines of few points with visible points (one day is no
 * longer an invisible dot); the legend on top as a scrolling row with the plot below it.
 */

export const BAR_MAX_WIDTH = 48;
/** A line of at most this many points shows each point. */
export const SHORT_SERIES = 12;
export const SYMBOL_SIZE = 8;
/** The angle of crowded category labels. */
export const LABEL_ROTATE = 45;
/** Room the legend row takes above the plot. */
export const LEGEND_ROOM = 40;

const FONT = 12;
/** Horizontal room between two rotated labels so their glyphs do not touch: line height over sin(angle). */
const ROTATED_PITCH = Math.ceil((FONT + 4) / Math.sin((LABEL_ROTATE * Math.PI) / 180));
const DEFAULT_GRID = { left: 48, right: 24 };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : isObj(v) ? [v] : []);
/** One component or a list of them, written back in the shape it came in. */
const mapOne = (v: unknown, f: (o: Obj) => Obj): unknown => (Array.isArray(v) ? v.map((o) => (isObj(o) ? f(o) : o)) : isObj(v) ? f(v) : v);
const px = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);

/** Width of a label in pixels at the axis font: a CJK or full-width character is a full em, others about 0.6 em. */
export function labelWidth(s: string): number {
  let w = 0;
  for (const ch of chartLabel(s)) w += ch.codePointAt(0)! >= 0x2e80 ? FONT : Math.ceil(FONT * 0.6);
  return w;
}

/**
 * How a category axis of `labels` fits into `plotWidth` pixels: straight when the widest label fits
 * its slot, else rotated, and when even rotated labels would touch, only every n-th label shown
 * (`interval` is the number skipped between two shown ones).
 */
export function categoryLabelLayout(labels: readonly string[], plotWidth: number): { rotate: number; interval: number | 'auto' } | null {
  // No labels, or a chart not laid out yet (hidden, width 0): nothing to decide.
  if (labels.length === 0 || plotWidth <= 0) return null;
  const slot = plotWidth / labels.length;
  const widest = Math.max(...labels.map(labelWidth));
  if (widest + 8 <= slot) return null;
  return { rotate: LABEL_ROTATE, interval: slot >= ROTATED_PITCH ? 0 : Math.ceil(ROTATED_PITCH / slot) - 1 };
}

function withSeriesRules(s: Obj): Obj {
  if (s.type === 'bar') return { barMaxWidth: BAR_MAX_WIDTH, ...s };
  if (s.type === 'line' && Array.isArray(s.data) && s.data.length <= SHORT_SERIES) {
    return { symbol: 'circle', symbolSize: SYMBOL_SIZE, ...s, showSymbol: true };
  }
  return s;
}

/** The option with the shared rules applied; `width` is the chart's width in pixels. */
export function chartRules(option: ChartOption, width: number): ChartOption {
  const o = option as Obj;
  const out: Obj = { ...o };
  out.series = mapOne(o.series, withSeriesRules);

  const legendShown = list(o.legend).some((l) => l.show !== false);
  if (legendShown) out.legend = mapOne(o.legend, (l) => ({ type: 'scroll', top: 0, ...l }));

  const grids = list(o.grid);
  const grid = grids[0] ?? {};
  const plotWidth = width - px(grid.left, DEFAULT_GRID.left) - px(grid.right, DEFAULT_GRID.right);
  let rotated = false;
  out.xAxis = mapOne(o.xAxis, (axis) => {
    if (axis.type !== 'category' || !Array.isArray(axis.data)) return axis;
    const labels = axis.data.map((d) => String(isObj(d) ? d.value : d));
    const label = isObj(axis.axisLabel) ? axis.axisLabel : {};
    const layout = categoryLabelLayout(labels, plotWidth);
    if (layout) rotated = true;
    return { ...axis, axisLabel: { formatter: chartLabel, ...label, ...(layout ?? {}) } };
  });
  out.yAxis = mapOne(o.yAxis, (axis) =>
    axis.type === 'category' ? { ...axis, axisLabel: { formatter: chartLabel, ...(isObj(axis.axisLabel) ? axis.axisLabel : {}) } } : axis,
  );

  // Pies have no grid: the legend row only needs the pie moved down a little.
  if (legendShown) {
    out.series = mapOne(out.series, (s) => (s.type === 'pie' && s.center === undefined ? { ...s, center: ['50%', '58%'] } : s));
  }
  if (o.xAxis !== undefined || o.yAxis !== undefined) {
    const top = legendShown ? Math.max(px(grid.top, LEGEND_ROOM), LEGEND_ROOM) : grid.top;
    // Rotated labels need more room below; ECharts' outer bounds keep them inside the canvas.
    const bottom = rotated ? Math.max(px(grid.bottom, 0), 64) : grid.bottom;
    const first: Obj = { ...grid, ...(top !== undefined ? { top } : {}), ...(bottom !== undefined ? { bottom } : {}) };
    out.grid = Array.isArray(o.grid) ? [first, ...grids.slice(1)] : first;
  }
  return out as ChartOption;
}
