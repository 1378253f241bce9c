/** What the composition root and other modules use of the places module. */
export { registerPlacesRoutes } from './routes.ts';
