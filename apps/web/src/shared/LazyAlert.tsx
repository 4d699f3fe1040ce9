import { Suspense, lazy, type ComponentProps } from 'react';
import type AlertType from 'antd/es/alert';

/**
 * antd Alert loaded when one shows: the pages using it show it on a condition (a notice after
 * their data loads), and Alert with its status icons is ~5 KB of the first load (budget in
 * e2e/budgets.test.ts).
 */
const Alert = lazy(() => import('antd/es/alert'));

export function LazyAlert(props: ComponentProps<typeof AlertType>) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
