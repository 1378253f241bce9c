/** What the composition root and other modules use of the forms module. */
export { registerFormPostRoutes, type PostedFormPage } from './form-post-routes.ts';
export { loadForm, loadFormSiteSettings } from './form-queries.ts';
export { captchaConfig, registerFormRoutes } from './routes.ts';
