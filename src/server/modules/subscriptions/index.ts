/** What the composition root, the CLI and other modules use of the subscriptions module. */
export { registerSubscriptionRoutes, type SubscriptionRouteDeps } from './routes.ts';
export { startJobScheduler, JOB_INTERVAL_MS, type JobScheduler } from './scheduler.ts';
export { describeJobRun, runJobsOnce, type JobRunSummary } from './jobs.ts';
export { registerSubscriptionPage } from './subscription-page.ts';
