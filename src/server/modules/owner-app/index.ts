/** The owner dashboard at /config: its HTML shell and bundles, and the dashboard report API. */
export { loadAdminAssets, type AdminAssets } from './admin-assets.ts';
export { registerOwnerAppShell, OWNER_APP_PATH } from './routes.ts';
export { registerDashboardRoutes, OWNER_DASHBOARD_PATH } from './dashboard-routes.ts';
export { registerOwnerOutboxRoutes, OWNER_OUTBOX_PATH } from './outbox-routes.ts';
