import { Suspense, lazy, type ComponentProps } from 'react';
import type { PaperPanel as PaperPanelType } from './PaperPanel';

/**
 * The paper panel (mode, rules, shortfall) loaded beside its page rather than in its first load
 * (budget in e2e/budgets.test.ts): it shows after its paper query anyway, and brings antd Card
 * and Alert, which the rest of the contest pages do not use.
 */
const PaperPanel = lazy(() => import('./PaperPanel').then((m) => ({ default: m.PaperPanel })));

export function LazyPaperPanel(props: ComponentProps<typeof PaperPanelType>) {
  return (
    <Suspense fallback={null}>
      <PaperPanel {...props} />
    </Suspense>
  );
}
