import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { H5Shell } from './H5Shell';
import { HomePage } from './HomePage';
import { H5_KIND_PAGES } from './kinds';

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
      ...H5_KIND_PAGES.map((k) => ({ path: `activities/:id/${k.path}`, lazy: async () => ({ Component: await k.load() }) })),
      { path: 'points', lazy: async () => ({ Component: (await import('./PointsPage')).PointsPage }) },
      { path: 'redpack', lazy: async () => ({ Component: (await import('./redpack/RedpackPage')).RedpackPage }) },
      { path: 'me', lazy: async () => ({ Component: (await import('./MePage')).MePage }) },
    ],
  },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
