/**
 * The pages of the one-time owner links, shown without a login: /config/setup creates the
 * site's first ADMIN (email and password), /config/invite sets an invited owner's password.
 * Both then offer the login form.
 */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../api/client.ts';
import { EmailField, PasswordField } from '../components/CredentialFields.tsx';
import { LoginPage } from './LoginPage.tsx';

export type OwnerLinkKind = 'setup' | 'invite';

/** Which link page a /config address is, if any. */
export function ownerLinkOf(location: Pick<Location, 'pathname'>): OwnerLinkKind | undefined {
  if (/^\/config\/setup\/?$/.test(location.pathname)) return 'setup';
  if (/^\/config\/invite\/?$/.test(location.pathname)) return 'invite';
  return undefined;
}

const TEXT = {
  setup: {
    heading: 'Create the first admin',
    intro: 'This store has no owner yet. Choose the email and password of its first admin.',
    button: 'Create admin',
    done: 'The admin account is ready. Log in with it below.',
    path: '/api/vitrine/owner-setup',
  },
  invite: {
    heading: 'Choose your password',
    intro: 'You were invited to help run this store. Choose the password you will log in with.',
    button: 'Set password',
    done: 'Your password is set. Log in below.',
    path: '/api/vitrine/owner-invite',
  },
} as const;

export function OwnerLinkPage({
  kind,
  token,
}: {
  readonly kind: OwnerLinkKind;
  readonly token: string;
}) {
  const text = TEXT[kind];
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = useMutation({
    mutationFn: () =>
      api(text.path, {
        method: 'POST',
        body: kind === 'setup' ? { token, email, password } : { token, password },
      }),
  });
  const fields = submit.error instanceof ApiError ? submit.error.fields : {};
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate();
  };
  if (submit.isSuccess)
    return (
      <>
        <p role="status">{text.done}</p>
        <LoginPage />
      </>
    );
  return (
    <form className="login" onSubmit={onSubmit} noValidate>
      <h1>{text.heading}</h1>
      <p>{text.intro}</p>
      {kind === 'setup' ? (
        <EmailField
          value={email}
          onChange={setEmail}
          error={fields.email === undefined ? undefined : `Email ${fields.email}`}
        />
      ) : null}
      <PasswordField
        purpose="new"
        value={password}
        onChange={setPassword}
        error={fields.password === undefined ? undefined : `Password ${fields.password}`}
      />
      <button type="submit" disabled={submit.isPending}>
        {text.button}
      </button>
      {submit.error && Object.keys(fields).length === 0 ? (
        <p className="form-error" role="alert">
          {submit.error.message}
        </p>
      ) : null}
    </form>
  );
}
