/**
 * Site-user login and logout controls in the header (docs/behaviour/accounts-and-login.md#login-and-logout). Without
 * JavaScript they are links to the account pages (whose forms work on their own). Hydrated, a
 * visitor logs in from a small form here: the xsrfToken is kept for later calls, and the cart
 * store is refreshed, showing the guest cart the server merged into the user's. Logging out
 * retries once on crumbFail and empties the cart widgets.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { cartStore } from '../../clients/cart-store.ts';
import { login, logout } from './session-api.ts';

export interface SiteUserControlsProps {
  /** The logged-in site user's email; null for a visitor. */
  readonly email: string | null;
}

export const ACCOUNT_URL = '/account';
export const LOGIN_URL = '/account/login';

export default function SiteUserControls({ email: initialEmail }: SiteUserControlsProps) {
  const [email, setEmail] = useState(initialEmail);
  const [hydrated, setHydrated] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  useEffect(() => setHydrated(true), []);

  const onLogin = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    const given = text('email');
    setBusy(true);
    setError(null);
    const result = await login({
      email: given,
      password: text('password'),
      rememberMe: data.get('rememberMe') !== null,
    });
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setEmail(given.trim());
    setFormOpen(false);
    void cartStore.refresh();
  };

  const onLogout = async () => {
    setBusy(true);
    setError(null);
    const result = await logout({ cloneCart: false });
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setEmail(null);
    cartStore.clear();
  };

  if (email !== null) {
    return (
      <div className="site-user">
        <a className="site-account" href={ACCOUNT_URL}>
          Your account
        </a>
        {hydrated && (
          <>
            {' '}
            <button
              type="button"
              className="site-user-logout"
              disabled={busy}
              onClick={() => void onLogout()}
            >
              Log out
            </button>
          </>
        )}
        {error !== null && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  }
  if (!hydrated) {
    return (
      <div className="site-user">
        <a className="site-account" href={LOGIN_URL}>
          Log in
        </a>
      </div>
    );
  }
  return (
    <div className="site-user">
      <button
        type="button"
        className="site-user-toggle"
        aria-expanded={formOpen}
        aria-controls={`${id}-form`}
        onClick={() => setFormOpen((open) => !open)}
      >
        Log in
      </button>
      {formOpen && (
        <form
          id={`${id}-form`}
          className="site-user-form"
          aria-label="Log in"
          onSubmit={(event) => void onLogin(event)}
        >
          <label htmlFor={`${id}-email`}>Email</label>
          <input id={`${id}-email`} type="email" name="email" autoComplete="email" required />
          <label htmlFor={`${id}-password`}>Password</label>
          <input
            id={`${id}-password`}
            type="password"
            name="password"
            autoComplete="current-password"
            required
          />
          <label>
            <input type="checkbox" name="rememberMe" /> Remember me
          </label>
          {error !== null && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button-primary" disabled={busy}>
            Log in
          </button>
          <a href={LOGIN_URL}>More login options</a>
        </form>
      )}
    </div>
  );
}
