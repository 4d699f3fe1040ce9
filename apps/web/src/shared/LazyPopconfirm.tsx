import { Suspense, lazy, type ComponentProps } from 'react';
import type PopconfirmType from 'antd/es/popconfirm';

/**
 * antd Popconfirm loaded beside the page rather than in its first load (budget in
 * e2e/budgets.test.ts): until it arrives, its trigger shows alone.
 */
const Popconfirm = lazy(() => import('antd/es/popconfirm'));

export function LazyPopconfirm(props: ComponentProps<typeof PopconfirmType>) {
  return (
    <Suspense fallback={props.children}>
      <Popconfirm {...props} />
    </Suspense>
  );
}
