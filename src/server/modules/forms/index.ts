/** What the composition root and other modules use of the forms module. */
export { registerFormPostPage } from './form-post-page.ts';
export { loadAnswerTitles, loadForm, loadFormSiteSettings } from './form-queries.ts';
export { captchaConfig, registerFormRoutes } from './routes.ts';
