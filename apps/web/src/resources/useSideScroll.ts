import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the table inside `box` is wider than its panel and scrolls sideways (antd's scrolling
 * element, `.ant-table-content`): the page then says so above it, since a sticky 操作 column and
 * a scrollbar at the bottom of a long page hide that there are more columns.
 */
export function useSideScroll(box: RefObject<HTMLElement | null>, watch: unknown): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const root = box.current;
    if (!root || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const el = root.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
      setWide(!!el && el.scrollWidth > el.clientWidth + 1);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    const table = root.querySelector('table');
    if (table) observer.observe(table);
    measure();
    return () => observer.disconnect();
  }, [box, watch]);
  return wide;
}
