/**
 * The site's owners (ADMIN only): add an owner with a role (a temporary password shown once, to
 * hand over, or an invite link emailed through the outbox), change a role, remove an owner. The server refuses to leave the site
 * without an ADMIN and ends a changed owner's logins.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { WEBSITE_ROLE_NAMES, WEBSITE_ROLES, type WebsiteRoleName } from '../../shared/roles.ts';
import { api } from '../api/client.ts';
import { useFormDraft } from '../form-draft.ts';
import { DraftNotice } from '../components/DraftNotice.tsx';
import { QueryBoundary } from '../components/PageState.tsx';
import { TextField } from '../components/TextField.tsx';
import { useFieldErrors } from '../components/field-errors.tsx';

const TEAM_PATH = '/api/vitrine/owner/team';

interface TeamOwner {
  readonly id: string;
  readonly email: string;
  readonly role: number;
  readonly roleName: string;
}

function RoleSelect({
  value,
  onChange,
  label,
}: {
  readonly value: WebsiteRoleName;
  readonly onChange: (role: WebsiteRoleName) => void;
  readonly label: string;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value as WebsiteRoleName)}>
        {WEBSITE_ROLE_NAMES.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}

function OwnerRow({ owner }: { readonly owner: TeamOwner }) {
  const client = useQueryClient();
  const [role, setRole] = useState<WebsiteRoleName>(owner.roleName as WebsiteRoleName);
  const change = useMutation({
    mutationFn: (body: { role: number } | null) =>
      api(`${TEAM_PATH}/${owner.id}`, body ? { method: 'PATCH', body } : { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['team'] }),
  });
  return (
    <li className="team-owner">
      <strong>{owner.email}</strong> ({owner.roleName})
      <RoleSelect label={`Role of ${owner.email}`} value={role} onChange={setRole} />
      <button type="button" onClick={() => change.mutate({ role: WEBSITE_ROLES[role] })}>
        Change role
      </button>{' '}
      <button type="button" onClick={() => change.mutate(null)}>
        Remove {owner.email}
      </button>
      {change.error ? (
        <p className="form-error" role="alert">
          {change.error.message}
        </p>
      ) : null}
    </li>
  );
}

function AddOwner() {
  const client = useQueryClient();
  // Kept in the tab through a login that ends mid-edit (form-draft.ts).
  const draft = useFormDraft<{ email: string; role: string; invite: boolean }>('add-owner', {
    email: '',
    role: 'EDITOR',
    invite: false,
  });
  const { email, invite } = draft.values;
  const role = WEBSITE_ROLE_NAMES.find((name) => name === draft.values.role) ?? 'EDITOR';
  const add = useMutation({
    mutationFn: () =>
      api<{ owner: TeamOwner; temporaryPassword?: string; inviteQueued?: boolean }>(TEAM_PATH, {
        method: 'POST',
        body: { email, role: WEBSITE_ROLES[role], invite },
      }),
    onSuccess: () => {
      draft.clear();
      return client.invalidateQueries({ queryKey: ['team'] });
    },
  });
  const { form, error, shownFor } = useFieldErrors(add.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <form ref={form} onSubmit={submit} className="panel" aria-labelledby="add-owner" noValidate>
      <h2 id="add-owner">Add an owner</h2>
      <DraftNotice draft={draft} what="the new owner" />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(value) => draft.set('email', value)}
        error={error('email')}
      />
      <RoleSelect label="Role" value={role} onChange={(value) => draft.set('role', value)} />
      <fieldset>
        <legend>How they log in</legend>
        <label className="checkbox">
          <input
            type="radio"
            name="handover"
            checked={!invite}
            onChange={() => draft.set('invite', false)}
          />
          Show a temporary password to hand over
        </label>
        <label className="checkbox">
          <input
            type="radio"
            name="handover"
            checked={invite}
            onChange={() => draft.set('invite', true)}
          />
          Email an invite link (queued in the outbox)
        </label>
      </fieldset>
      <button type="submit" disabled={add.isPending}>
        Add owner
      </button>
      {add.data?.temporaryPassword !== undefined ? (
        <p role="status">
          Added {add.data.owner.email}. Their temporary password, shown only now:{' '}
          <code>{add.data.temporaryPassword}</code>
        </p>
      ) : null}
      {add.data?.inviteQueued !== undefined ? (
        <p role="status">
          Added {add.data.owner.email}.{' '}
          {add.data.inviteQueued
            ? 'The invite link is in the outbox (Settings) and works once, within 72 hours.'
            : 'The invite email could not be queued; remove and add them again.'}
        </p>
      ) : null}
      {add.error && !shownFor(['email', 'role']) ? (
        <p className="form-error" role="alert">
          {add.error.message}
        </p>
      ) : null}
    </form>
  );
}

export function TeamPage() {
  const query = useQuery({
    queryKey: ['team'],
    queryFn: () => api<{ owners: TeamOwner[] }>(TEAM_PATH),
  });
  return (
    <>
      <h1>Team</h1>
      <QueryBoundary query={query} what="the team" forbiddenTo="manage the team">
        {({ owners }) => (
          <>
            <ul className="plain-list">
              {owners.map((owner) => (
                <OwnerRow key={`${owner.id}-${owner.role}`} owner={owner} />
              ))}
            </ul>
            <AddOwner />
          </>
        )}
      </QueryBoundary>
    </>
  );
}
