/**
 * The site's owners (ADMIN only): add an owner with a role (a temporary password shown once, to
 * hand over, or an invite link emailed through the outbox), change a role, remove an owner. The server refuses to leave the site
 * without an ADMIN and ends a changed owner's logins.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { WEBSITE_ROLE_NAMES, WEBSITE_ROLES, type WebsiteRoleName } from '../../shared/roles.ts';
import { api, ApiError } from '../api/client.ts';
import { QueryBoundary } from '../components/PageState.tsx';

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
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<WebsiteRoleName>('EDITOR');
  const [invite, setInvite] = useState(false);
  const add = useMutation({
    mutationFn: () =>
      api<{ owner: TeamOwner; temporaryPassword?: string; inviteQueued?: boolean }>(TEAM_PATH, {
        method: 'POST',
        body: { email, role: WEBSITE_ROLES[role], invite },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['team'] }),
  });
  const fields = add.error instanceof ApiError ? add.error.fields : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <form onSubmit={submit} className="panel" aria-labelledby="add-owner">
      <h2 id="add-owner">Add an owner</h2>
      <label>
        Email
        <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      </label>
      {fields.email ? <p className="field-error">{fields.email}</p> : null}
      <RoleSelect label="Role" value={role} onChange={setRole} />
      <fieldset>
        <legend>How they log in</legend>
        <label className="checkbox">
          <input type="radio" name="handover" checked={!invite} onChange={() => setInvite(false)} />
          Show a temporary password to hand over
        </label>
        <label className="checkbox">
          <input type="radio" name="handover" checked={invite} onChange={() => setInvite(true)} />
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
      {add.error && Object.keys(fields).length === 0 ? (
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
