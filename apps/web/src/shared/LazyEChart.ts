import { lazy } from 'react';

/** The chart (shared/EChart), its module and ECharts loaded only when a chart is first shown: render it inside a Suspense. */
export const LazyEChart = lazy(() => import('./EChart').then((m) => ({ default: m.EChart })));
