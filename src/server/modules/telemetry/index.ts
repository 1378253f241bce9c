/** What the composition root and other modules use of the telemetry module. */
export { writePerformanceFlags } from './performance-flags.ts';
export { registerTelemetryRoutes } from './routes.ts';
