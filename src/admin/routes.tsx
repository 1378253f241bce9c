/**
 * The pages under /config, by path (the navigation's names are in nav.ts). Each page is a chunk
 * of its own, fetched when first opened: the login and the shell do not wait for the chart or
 * table code.
 */
import { Navigate, type RouteObject } from 'react-router';

export const adminRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./pages/DashboardPage.tsx').then((m) => ({ Component: m.DashboardPage })),
  },
  {
    path: 'orders',
    lazy: () => import('./pages/OrdersPage.tsx').then((m) => ({ Component: m.OrdersPage })),
  },
  {
    path: 'orders/:orderId',
    lazy: () => import('./pages/OrderPage.tsx').then((m) => ({ Component: m.OrderPage })),
  },
  {
    path: 'products',
    lazy: () => import('./pages/ProductsPage.tsx').then((m) => ({ Component: m.ProductsPage })),
  },
  {
    path: 'products/:productId',
    lazy: () => import('./pages/ProductPage.tsx').then((m) => ({ Component: m.ProductPage })),
  },
  {
    path: 'analytics',
    lazy: () => import('./pages/AnalyticsPage.tsx').then((m) => ({ Component: m.AnalyticsPage })),
  },
  {
    path: 'site-health',
    lazy: () => import('./pages/SiteHealthPage.tsx').then((m) => ({ Component: m.SiteHealthPage })),
  },
  {
    path: 'team',
    lazy: () => import('./pages/TeamPage.tsx').then((m) => ({ Component: m.TeamPage })),
  },
  {
    path: 'forms',
    lazy: () => import('./pages/FormsPage.tsx').then((m) => ({ Component: m.FormsPage })),
  },
  {
    path: 'settings',
    lazy: () => import('./pages/SettingsPage.tsx').then((m) => ({ Component: m.SettingsPage })),
  },
  // A one-time link's page, opened again once logged in, leads to the dashboard.
  { path: 'setup', element: <Navigate to="/" replace /> },
  { path: 'invite', element: <Navigate to="/" replace /> },
  {
    path: '*',
    lazy: () => import('./pages/NotFoundPage.tsx').then((m) => ({ Component: m.NotFoundPage })),
  },
];
