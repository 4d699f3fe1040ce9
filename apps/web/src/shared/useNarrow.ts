import { Grid } from 'antd';

/**
 * Below antd's `lg` breakpoint (992 px) the side menu becomes a drawer, the search forms stack and
 * paddings shrink: a fixed 220 px menu beside the content left a phone a few characters per line.
 * False until antd's media queries have answered (in a layout effect, before the first paint).
 */
export function useNarrow(): boolean {
  return Grid.useBreakpoint().lg === false;
}
