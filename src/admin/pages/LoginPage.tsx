/**
 * The login form of the dashboard. Errors are the owner login's own messages (wrong
 * credentials, throttling after repeated failures) shown above the form and announced.
 */
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../api/client.ts';
import { useLogin } from '../api/session.ts';
import { EmailField, PasswordField } from '../components/CredentialFields.tsx';

export function LoginPage({ expired = false }: { readonly expired?: boolean }) {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const headingId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email, password });
  };
  const error = login.error;
  const fieldError = (field: string) =>
    error instanceof ApiError ? error.fields[field] : undefined;
  return (
    <section className="login" aria-labelledby={headingId}>
      <h1 id={headingId}>{expired ? 'Your login has ended' : 'Log in to your store'}</h1>
      {expired ? (
        <p>Log in again to carry on where you were; nothing on the page is lost.</p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate>
        <EmailField required value={email} onChange={setEmail} error={fieldError('email')} />
        <PasswordField
          purpose="current"
          required
          value={password}
          onChange={setPassword}
          error={fieldError('password')}
        />
        <button type="submit" disabled={login.isPending}>
          Log in
        </button>
      </form>
    </section>
  );
}
