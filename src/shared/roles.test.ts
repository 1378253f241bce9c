import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  actionsOfRole,
  OWNER_ACTIONS,
  parseRole,
  ROLE_ACTIONS,
  roleAllows,
  roleName,
  WEBSITE_ROLE_CODES,
  WEBSITE_ROLES,
  type OwnerAction,
  type WebsiteRoleName,
} from './roles.ts';

describe('website roles', () => {
  it('has the spec codes (docs/behaviour/accounts-and-login.md#website-roles)', () => {
    expect(WEBSITE_ROLES).toEqual({
      ADMIN: 1,
      BILLING: 2,
      REPORTING: 3,
      EDITOR: 4,
      MODERATOR: 6,
      COMMENTER: 7,
      STORE_MANAGER: 8,
      SCHEDULING: 9,
      VIEWER: 10,
      CAMPAIGNS_EDITOR: 11,
      SCHEDULING_VIEWER: 12,
      SCHEDULING_EDITOR: 13,
    });
    expect(WEBSITE_ROLE_CODES).not.toContain(5);
  });

  it('parses names in any case and codes, and nothing else', () => {
    expect(parseRole('ADMIN')).toBe(1);
    expect(parseRole('store_manager')).toBe(8);
    expect(parseRole(' 13 ')).toBe(13);
    expect(parseRole('5')).toBeUndefined();
    expect(parseRole('OWNER')).toBeUndefined();
    expect(parseRole('toString')).toBeUndefined();
    expect(parseRole('')).toBeUndefined();
    expect(roleName(8)).toBe('STORE_MANAGER');
    expect(roleName(5)).toBeUndefined();
  });

  it('lets an unknown role code do nothing', () => {
    for (const action of OWNER_ACTIONS) expect(roleAllows(5, action)).toBe(false);
    expect(actionsOfRole(99)).toEqual([]);
  });
});

/** The permission table, role by role: exactly these actions, every other one refused. */
const EXPECTED: Record<WebsiteRoleName, readonly OwnerAction[]> = {
  ADMIN: OWNER_ACTIONS,
  BILLING: ['content:read', 'billing:manage'],
  REPORTING: ['content:read', 'analytics:read'],
  EDITOR: ['content:read', 'content:edit', 'comments:write', 'comments:moderate', 'store:read'],
  MODERATOR: ['content:read', 'comments:write', 'comments:moderate'],
  COMMENTER: ['content:read', 'comments:write'],
  STORE_MANAGER: [
    'content:read',
    'store:read',
    'store:edit',
    'orders:read',
    'orders:manage',
    'stock:edit',
    'restock:read',
    'restock:send',
    'customers:read',
  ],
  SCHEDULING: ['content:read', 'scheduling:read', 'scheduling:edit', 'scheduling:admin'],
  VIEWER: ['content:read', 'store:read'],
  CAMPAIGNS_EDITOR: ['content:read', 'campaigns:edit'],
  SCHEDULING_VIEWER: ['content:read', 'scheduling:read'],
  SCHEDULING_EDITOR: ['content:read', 'scheduling:read', 'scheduling:edit'],
};

describe.each(Object.keys(WEBSITE_ROLES) as WebsiteRoleName[])('role %s', (name) => {
  const code = WEBSITE_ROLES[name];
  it.each(OWNER_ACTIONS.map((action) => [action, EXPECTED[name].includes(action)] as const))(
    '%s → %s',
    (action, allowed) => {
      expect(roleAllows(code, action)).toBe(allowed);
    },
  );

  it('may read content (every owner sees the site they work on)', () => {
    expect(roleAllows(code, 'content:read')).toBe(true);
  });
});

describe('the table', () => {
  it('gives ADMIN every action and only ADMIN the owners, settings and billing-free admin powers', () => {
    expect([...ROLE_ACTIONS.ADMIN].sort()).toEqual([...OWNER_ACTIONS].sort());
    for (const name of Object.keys(WEBSITE_ROLES) as WebsiteRoleName[]) {
      if (name === 'ADMIN') continue;
      expect(ROLE_ACTIONS[name]).not.toContain('owners:manage');
      expect(ROLE_ACTIONS[name]).not.toContain('settings:edit');
    }
  });

  it('gives VIEWER and the *_VIEWER roles only :read actions', () => {
    for (const name of ['VIEWER', 'SCHEDULING_VIEWER', 'REPORTING'] as const) {
      for (const action of ROLE_ACTIONS[name]) expect(action).toMatch(/:read$/);
    }
  });

  it('is documented row by row in the Roles section of docs/owner-api.md', () => {
    const ownerApi = readFileSync(new URL('../../docs/owner-api.md', import.meta.url), 'utf8');
    const section = ownerApi.slice(ownerApi.indexOf('## Roles'));
    expect(ownerApi).toContain('## Roles');
    for (const name of Object.keys(WEBSITE_ROLES) as WebsiteRoleName[]) {
      const row = section
        .split('\n')
        .find((line) => line.startsWith(`| \`${name}\` | ${WEBSITE_ROLES[name]} |`));
      expect(row, `docs/owner-api.md row for ${name}`).toBeDefined();
      const listed = [...(row ?? '').matchAll(/`([a-z-]+:[a-z]+)`/g)].map((match) => match[1]);
      expect(name === 'ADMIN' ? 'all' : listed.sort().join(','), name).toBe(
        name === 'ADMIN' ? 'all' : [...ROLE_ACTIONS[name]].sort().join(','),
      );
    }
  });
});
