/** What the composition root and other modules use of the site-users module. */
export { createAccountHandler } from './create-account.ts';
export { type SiteUser } from './current-user.ts';
export { addDemoSiteUser } from './demo-account.ts';
export { type SiteUserDeps } from './deps.ts';
export { loginHandler } from './login.ts';
export { endLogin } from './logout.ts';
export { accountOrdersContext } from './account-orders-context.ts';
export { registerAccountOrderPages } from './account-order-pages.ts';
export {
  RESET_TOKEN_MINUTES,
  completeResetHandler,
  requestResetHandler,
} from './password-reset.ts';
export { ACCOUNT_RATE_LIMIT, LOGIN_RATE_LIMIT, registerAccountRoutes } from './routes.ts';
export { registerAccountPages } from './account-pages.ts';
