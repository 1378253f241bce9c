/** The pages under /config, by path (the navigation's names are in nav.ts). */
import type { RouteObject } from 'react-router';
import { DashboardPage } from './pages/DashboardPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { OrderPage } from './pages/OrderPage.tsx';
import { OrdersPage } from './pages/OrdersPage.tsx';
import { ProductPage } from './pages/ProductPage.tsx';
import { ProductsPage } from './pages/ProductsPage.tsx';

export const adminRoutes: RouteObject[] = [
  { index: true, element: <DashboardPage /> },
  { path: 'orders', element: <OrdersPage /> },
  { path: 'orders/:orderId', element: <OrderPage /> },
  { path: 'products', element: <ProductsPage /> },
  { path: 'products/:productId', element: <ProductPage /> },
  { path: '*', element: <NotFoundPage /> },
];
