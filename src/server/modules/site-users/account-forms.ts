/**
 * The account pages' forms as template data: which fields each form has, their labels, what the
 * visitor typed (never a password), and the errors to show. The `account` template renders any
 * of them, so the pages differ only in this data.
 */
import type { AppError } from '../../../shared/errors.ts';
import { sameSitePath } from '../../../shared/html/safe-redirect.ts';
import { PASSWORD_MIN_LENGTH } from '../../../shared/schemas/site-users.ts';

export const ACCOUNT_PATHS = {
  home: '/account',
  login: '/account/login',
  logout: '/account/logout',
  create: '/account/create',
  forgotPassword: '/account/forgot-password',
  /** The emailed link's page (site-users/account-mail.ts RESET_LINK_PATH). */
  resetPassword: '/account/reset-password',
} as const;

export interface AccountField {
  readonly name: string;
  readonly label: string;
  readonly type: 'email' | 'password' | 'checkbox' | 'hidden';
  readonly autocomplete?: string;
  readonly value?: string;
  readonly checked?: boolean;
  readonly hint?: string;
  readonly error?: string;
  /** Template flags: JSON-T sections test truthiness, not equality. */
  readonly isCheckbox: boolean;
  readonly isHidden: boolean;
  readonly required: boolean;
}

export interface AccountLink {
  readonly href: string;
  readonly label: string;
}

export interface AccountForm {
  readonly heading: string;
  readonly intro?: string;
  readonly action: string;
  readonly submitLabel: string;
  readonly fields: readonly AccountField[];
  /** A message about the whole form: an error (role=alert) or a confirmation (role=status). */
  readonly error?: string;
  readonly notice?: string;
  readonly links: readonly AccountLink[];
}

type FieldSpec = Pick<AccountField, 'name' | 'label' | 'type'> &
  Partial<Pick<AccountField, 'autocomplete' | 'hint'>>;

/** What the visitor typed (passwords are never sent back) and the per-field errors. */
export interface FormState {
  readonly values?: Readonly<Record<string, string | undefined>>;
  readonly fieldErrors?: Readonly<Record<string, string>>;
  readonly error?: string;
  readonly notice?: string;
}

function fields(specs: readonly FieldSpec[], state: FormState): AccountField[] {
  return specs.map((spec) => {
    const typed = spec.type === 'password' ? undefined : state.values?.[spec.name];
    const error = state.fieldErrors?.[spec.name];
    return {
      ...spec,
      ...(spec.type === 'checkbox'
        ? { checked: typed === 'on' || typed === 'true' }
        : typed === undefined
          ? {}
          : { value: typed }),
      ...(error === undefined ? {} : { error: `${spec.label} ${error}` }),
      isCheckbox: spec.type === 'checkbox',
      isHidden: spec.type === 'hidden',
      required: spec.type !== 'checkbox' && spec.type !== 'hidden',
    };
  });
}

const EMAIL: FieldSpec = { name: 'email', label: 'Email', type: 'email', autocomplete: 'email' };
const NEW_PASSWORD: FieldSpec = {
  name: 'password',
  label: 'Password',
  type: 'password',
  autocomplete: 'new-password',
  hint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
};

function withMessages(form: Omit<AccountForm, 'error' | 'notice'>, state: FormState): AccountForm {
  return {
    ...form,
    ...(state.error === undefined ? {} : { error: state.error }),
    ...(state.notice === undefined ? {} : { notice: state.notice }),
  };
}

export function loginForm(state: FormState): AccountForm {
  return withMessages(
    {
      heading: 'Log in',
      action: ACCOUNT_PATHS.login,
      submitLabel: 'Log in',
      fields: fields(
        [
          EMAIL,
          {
            name: 'password',
            label: 'Password',
            type: 'password',
            autocomplete: 'current-password',
          },
          { name: 'rememberMe', label: 'Keep me logged in', type: 'checkbox' },
          { name: 'returnTo', label: 'Return to', type: 'hidden' },
        ],
        state,
      ),
      links: [
        { href: ACCOUNT_PATHS.forgotPassword, label: 'Forgot your password?' },
        { href: ACCOUNT_PATHS.create, label: 'Create an account' },
      ],
    },
    state,
  );
}

export function createAccountForm(state: FormState): AccountForm {
  return withMessages(
    {
      heading: 'Create an account',
      action: ACCOUNT_PATHS.create,
      submitLabel: 'Create account',
      fields: fields([EMAIL, NEW_PASSWORD], state),
      links: [{ href: ACCOUNT_PATHS.login, label: 'Already have an account? Log in' }],
    },
    state,
  );
}

export function forgotPasswordForm(state: FormState): AccountForm {
  return withMessages(
    {
      heading: 'Reset your password',
      intro:
        'Enter the email of your account and we will send you a link to choose a new password.',
      action: ACCOUNT_PATHS.forgotPassword,
      submitLabel: 'Send reset link',
      fields: fields([EMAIL], state),
      links: [{ href: ACCOUNT_PATHS.login, label: 'Back to log in' }],
    },
    state,
  );
}

export function resetPasswordForm(state: FormState): AccountForm {
  return withMessages(
    {
      heading: 'Choose a new password',
      action: ACCOUNT_PATHS.resetPassword,
      submitLabel: 'Change password',
      fields: fields(
        [
          { ...NEW_PASSWORD, label: 'New password' },
          { name: 'token', label: 'Token', type: 'hidden' },
        ],
        state,
      ),
      links: [{ href: ACCOUNT_PATHS.forgotPassword, label: 'Request a new link' }],
    },
    state,
  );
}

/** The form state of a refused submission: the catalog's message, and its field errors. */
export function refusedState(
  error: AppError,
  values: Readonly<Record<string, string | undefined>>,
): FormState {
  return {
    values,
    error: error.message,
    ...(error.fields === undefined ? {} : { fieldErrors: error.fields }),
  };
}

/**
 * Where to go after logging in: a path on this site, else the account page. Anything that could
 * leave the site is ignored, so the form cannot be an open redirect.
 */
export function safeReturnPath(returnTo: string | undefined): string {
  return sameSitePath(returnTo) ?? ACCOUNT_PATHS.home;
}
