import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, FunnelSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  MarkLineComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';

/** The options of every chart of the back office: only the chart kinds and components EChart registers. */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | FunnelSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | MarkLineComponentOption
  | TitleComponentOption
  | TooltipComponentOption
>;
