/**
 * GET /api/vitrine/owner/dashboard?period=today|7d|30d → the dashboard report (dashboard.ts).
 * Every owner may call it: each section is filled only when the role may read what it shows.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index.ts';
import { ownerOf, requireOwner } from '../owners/index.ts';
import type { DashboardReport } from '../../../shared/owner-api/dashboard-report.ts';
import { dashboardQuery, dashboardReport } from './dashboard.ts';

export const OWNER_DASHBOARD_PATH = '/api/vitrine/owner/dashboard';

export function registerDashboardRoutes(
  app: FastifyInstance,
  deps: { readonly database: Database; readonly now?: () => Date },
): void {
  app.get(
    OWNER_DASHBOARD_PATH,
    { preHandler: requireOwner('content:read'), config: { site: 'required' } },
    async (request, reply): Promise<DashboardReport> => {
      const { period } = dashboardQuery.parse(request.query);
      const { site } = request;
      void reply.header('cache-control', 'no-store');
      return dashboardReport(
        deps.database.db,
        site,
        ownerOf(request).role,
        period,
        deps.now?.() ?? new Date(),
      );
    },
  );
}
