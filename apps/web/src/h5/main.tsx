import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { H5Shell, OPEN } from './H5Shell';
import { HomePage } from './HomePage';
import { H5_KIND_PAGES, H5_ME_PAGES } from './kinds';

/**
 * The reader's phone app (issue 27), served for `/{org}/h5/…` (apps/server/src/http/static.ts):
 * the home loads with the shell, every other page when opened.
 */
const router = createBrowserRouter([
  {
    path: '/:org/h5',
    element: <H5Shell />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'activities', lazy: async () => ({ Component: (await import('./ActivitiesPage')).ActivitiesPage }) },
      { path: 'activities/:id', lazy: async () => ({ Component: (await import('./ActivityPage')).ActivityPage }) },
      // a page several types share is routed once
      ...[...new Map(H5_KIND_PAGES.map((k) => [k.path, k])).values()].map((k) => ({ path: `activities/:id/${k.path}`, lazy: async () => ({ Component: await k.load() }) })),
      // reading cases are public (no reader's sign-in): `open` lets them through the shell
      { path: 'cases', handle: OPEN, lazy: async () => ({ Component: (await import('./kinds/cases/CasesPage')).CasesPage }) },
      { path: 'cases/:id', handle: OPEN, lazy: async () => ({ Component: (await import('./kinds/cases/CasePage')).CasePage }) },
      // the spec's login-free case pages (`/{org}/readPromotion/pdfDetail?id=` and the platform's adminPdfDetail) redirect here
      { path: 'readPromotion/pdfDetail', handle: OPEN, lazy: async () => ({ Component: (await import('./kinds/cases/CasePage')).CasePage }) },
      { path: 'readPromotion/adminPdfDetail', handle: OPEN, lazy: async () => ({ Component: (await import('./kinds/cases/CasePage')).PlatformCasePage }) },
      // 扫一扫, and a scan code's credit (the spec's `/{org}/scan?code=&sign=` redirects here)
      { path: 'scan', lazy: async () => ({ Component: (await import('./ScanPage')).ScanPage }) },
      // a session's sign-in QR (the spec's `/{org}/trainSign?actId&sessionId&type` redirects here)
      { path: 'trainSign', lazy: async () => ({ Component: (await import('./kinds/offline/SignPage')).SignPage }) },
      { path: 'points', lazy: async () => ({ Component: (await import('./PointsPage')).PointsPage }) },
      { path: 'redpack', lazy: async () => ({ Component: (await import('./redpack/RedpackPage')).RedpackPage }) },
      { path: 'me', lazy: async () => ({ Component: (await import('./MePage')).MePage }) },
      { path: 'me/activities', lazy: async () => ({ Component: (await import('./ActivitiesPage')).MyActivitiesPage }) },
      { path: 'me/certificates', lazy: async () => ({ Component: (await import('./CertificatesPage')).CertificatesPage }) },
      ...H5_ME_PAGES.map((k) => ({ path: `me/${k.path}`, lazy: async () => ({ Component: await k.load() }) })),
    ],
  },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
