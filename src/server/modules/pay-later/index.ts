/** What the composition root and other modules use of the pay-later module. */
export { registerPayLaterRoutes } from './routes.ts';
