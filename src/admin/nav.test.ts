import { describe, expect, it } from 'vitest';
import { ROLE_ACTIONS } from '../shared/roles.ts';
import { NAV_ITEMS, navFor } from './nav.ts';

describe('navigation by role', () => {
  it('names the pages exactly, in order', () => {
    expect(NAV_ITEMS.map((item) => item.name)).toEqual([
      'Dashboard',
      'Orders',
      'Products',
      'Analytics',
      'Site health',
      'Forms',
      'Team',
      'Settings',
    ]);
  });

  it.each([
    [
      'ADMIN',
      ['Dashboard', 'Orders', 'Products', 'Analytics', 'Site health', 'Forms', 'Team', 'Settings'],
    ],
    ['EDITOR', ['Dashboard', 'Products', 'Forms']],
    ['STORE_MANAGER', ['Dashboard', 'Orders', 'Products']],
    ['REPORTING', ['Dashboard', 'Analytics', 'Site health']],
    ['BILLING', ['Dashboard']],
  ] as const)('shows %s only what its role allows', (role, names) => {
    expect(navFor(ROLE_ACTIONS[role]).map((item) => item.name)).toEqual(names);
  });
});
