/**
 * Every route the app registers, with the options that decide who may call it. The security
 * suites walk this table, so a new endpoint is covered by the CSRF and fuzzing tests the moment
 * it exists, without anyone listing it by hand.
 */
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  readonly method: string;
  readonly url: string;
  /** false when the route opted out of the CSRF check (telemetry beacons). */
  readonly csrf: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The routes registered so far, in registration order (HEAD twins left out). */
    readonly routeTable: readonly RouteEntry[];
  }
}

/** Call first in createApp: only routes registered after it are recorded. */
export function registerRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify adds a HEAD twin to every GET (it behaves as the GET does); Vitrine itself
      // registers no HEAD route.
      if (method === 'HEAD') continue;
      table.push({
        method,
        url: route.url,
        csrf: route.config?.csrf !== false,
      });
    }
  });
}
