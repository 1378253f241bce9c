/**
 * The site user's account pages: log in, create an account, forgot password, the emailed reset
 * link's page, and the account page with log out. Plain HTML forms that work without
 * JavaScript; each post runs the same operation as the JSON API (site-users module), so the
 * rules, throttles and messages are the API's. A refused post re-renders its form with the
 * message and what the visitor typed (never the password), with the error's status.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppError } from '../../../shared/errors.ts';
import { toAppError } from '../../http/error-handler.ts';
import { formFields } from '../../http/form-fields.ts';
import { accountOrdersContext } from './account-orders-context.ts';
import { createAccountHandler } from './create-account.ts';
import type { SiteUserDeps } from './deps.ts';
import { loginHandler } from './login.ts';
import { endLogin } from './logout.ts';
import {
  completeResetHandler,
  requestResetHandler,
  RESET_TOKEN_MINUTES,
} from './password-reset.ts';
import { ACCOUNT_RATE_LIMIT, LOGIN_RATE_LIMIT } from './routes.ts';
import {
  ACCOUNT_PATHS,
  createAccountForm,
  forgotPasswordForm,
  loginForm,
  refusedState,
  resetPasswordForm,
  safeReturnPath,
  type AccountForm,
} from './account-forms.ts';
import { PAGE_TYPES } from '../../render/page-types.ts';
import { renderPrivatePage, type PageRouteDeps } from '../../render/page-routes.ts';

/** Shown on the login page the reset form sends the visitor to. */
export const PASSWORD_CHANGED_NOTICE =
  'Your password has been changed. Log in with your new password.';
/** The forgot-password answer, the same whether or not the address has an account. */
export const RESET_LINK_SENT_NOTICE = `If an account uses this email, a link to choose a new password is on its way. It works for ${RESET_TOKEN_MINUTES} minutes.`;

/** The account pages post to the site-user operations, so they are given those beside the page deps. */
export interface AccountPageDeps extends PageRouteDeps {
  readonly accounts: SiteUserDeps;
}

export function registerAccountPages(app: FastifyInstance, deps: AccountPageDeps): void {
  const { accounts, pages } = deps;

  async function show(
    request: FastifyRequest,
    reply: FastifyReply,
    form: AccountForm,
    status = 200,
  ): Promise<FastifyReply> {
    const { site } = request;
    // Forms carry the session's crumb and typed values: never stored by a shared cache.
    return renderPrivatePage(pages, request, reply, site, {
      template: 'account',
      pageType: PAGE_TYPES.PAGE,
      title: form.heading,
      status,
      context: { account: form },
    });
  }

  /**
   * Runs an operation of the JSON API and returns the client error it threw, for the route to
   * re-render its form with; anything else (a bug, the database down) goes to the error handler.
   * It returns the error rather than the re-rendered reply because a FastifyReply is thenable:
   * awaiting it yields undefined, which made a route send its success redirect a second time.
   */
  async function attempt(run: () => Promise<unknown>): Promise<AppError | undefined> {
    try {
      await run();
      return undefined;
    } catch (thrown) {
      const error = toAppError(thrown);
      if (!error || error.status >= 500) throw thrown;
      return error;
    }
  }

  const login = loginHandler(accounts);
  const createAccount = createAccountHandler(accounts);
  const requestReset = requestResetHandler(accounts);
  const completeReset = completeResetHandler(accounts);

  app.get(ACCOUNT_PATHS.login, async (request, reply) => {
    const query = request.query as { returnTo?: unknown; reset?: unknown };
    const returnTo = typeof query.returnTo === 'string' ? query.returnTo : undefined;
    if (request.siteUser) return reply.redirect(safeReturnPath(returnTo), 303);
    return show(
      request,
      reply,
      loginForm({
        values: { returnTo },
        ...(query.reset === 'done' ? { notice: PASSWORD_CHANGED_NOTICE } : {}),
      }),
    );
  });

  app.post(
    ACCOUNT_PATHS.login,
    { config: { rateLimit: LOGIN_RATE_LIMIT } },
    async (request, reply) => {
      const body = formFields(request);
      const refused = await attempt(() => login(request, reply));
      if (refused)
        return show(request, reply, loginForm(refusedState(refused, body)), refused.status);
      return reply.redirect(safeReturnPath(body.returnTo), 303);
    },
  );

  app.get(ACCOUNT_PATHS.create, async (request, reply) =>
    request.siteUser
      ? reply.redirect(ACCOUNT_PATHS.home, 303)
      : show(request, reply, createAccountForm({})),
  );

  app.post(
    ACCOUNT_PATHS.create,
    { config: { rateLimit: ACCOUNT_RATE_LIMIT } },
    async (request, reply) => {
      const body = formFields(request);
      // A new account is logged in at once (the API leaves that to a second call).
      const refused = await attempt(async () => {
        await createAccount(request, reply);
        await login(request, reply);
      });
      if (refused)
        return show(request, reply, createAccountForm(refusedState(refused, body)), refused.status);
      return reply.redirect(ACCOUNT_PATHS.home, 303);
    },
  );

  app.get(ACCOUNT_PATHS.forgotPassword, async (request, reply) =>
    show(request, reply, forgotPasswordForm({})),
  );

  app.post(
    ACCOUNT_PATHS.forgotPassword,
    { config: { rateLimit: ACCOUNT_RATE_LIMIT } },
    async (request, reply) => {
      const body = formFields(request);
      const refused = await attempt(() => requestReset(request, reply));
      if (refused)
        return show(
          request,
          reply,
          forgotPasswordForm(refusedState(refused, body)),
          refused.status,
        );
      // The same answer whether or not the address has an account: no enumeration.
      return show(
        request,
        reply,
        forgotPasswordForm({ values: body, notice: RESET_LINK_SENT_NOTICE }),
      );
    },
  );

  app.get(ACCOUNT_PATHS.resetPassword, async (request, reply) => {
    const { token } = request.query as { token?: unknown };
    return show(
      request,
      reply,
      resetPasswordForm({ values: { token: typeof token === 'string' ? token : '' } }),
    );
  });

  app.post(
    ACCOUNT_PATHS.resetPassword,
    { config: { rateLimit: ACCOUNT_RATE_LIMIT } },
    async (request, reply) => {
      const body = formFields(request);
      const refused = await attempt(() => completeReset(request, reply));
      if (refused)
        return show(request, reply, resetPasswordForm(refusedState(refused, body)), refused.status);
      return reply.redirect(`${ACCOUNT_PATHS.login}?reset=done`, 303);
    },
  );

  app.get(ACCOUNT_PATHS.home, async (request, reply) => {
    const user = request.siteUser;
    if (!user) return reply.redirect(`${ACCOUNT_PATHS.login}?returnTo=${ACCOUNT_PATHS.home}`, 303);
    const { site } = request;
    return renderPrivatePage(pages, request, reply, site, {
      template: 'account-home',
      pageType: PAGE_TYPES.PAGE,
      title: 'Your account',
      context: {
        siteUser: { email: user.email },
        logoutAction: ACCOUNT_PATHS.logout,
        ...(await accountOrdersContext(deps.database.db, site.id, user.id, request.query)),
      },
    });
  });

  // The crumb of the form is checked by the CSRF hook before this runs.
  app.post(ACCOUNT_PATHS.logout, { config: { site: 'optional' } }, async (request, reply) => {
    await endLogin(accounts, request, reply, false);
    return reply.redirect('/', 303);
  });
}
