/**
 * The inputs an owner types credentials into, at login and on the one-time setup and invite
 * links: typed, named and marked for autocomplete the same way everywhere, so a password manager
 * offers the saved login at the login form and a new password on the links.
 */
import { TextField } from './TextField.tsx';

interface CredentialProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The field's message, or undefined while the field is fine. */
  readonly error: string | undefined;
  readonly required?: boolean;
}

export function EmailField(props: CredentialProps) {
  return <TextField label="Email" type="email" name="email" autoComplete="username" {...props} />;
}

const PASSWORDS = {
  /** The password of an existing login. */
  current: { label: 'Password', autoComplete: 'current-password' },
  /** A password being chosen: the server asks for at least 8 characters. */
  new: { label: 'Password (at least 8 characters)', autoComplete: 'new-password' },
} as const;

export function PasswordField({
  purpose,
  ...props
}: CredentialProps & { readonly purpose: keyof typeof PASSWORDS }) {
  return <TextField {...PASSWORDS[purpose]} type="password" name="password" {...props} />;
}
