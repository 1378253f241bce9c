/**
 * The dashboard's pages: link name, path under /config, and the action the page's API needs
 * (src/shared/roles.ts). A link is shown only when the owner's role allows that action; the
 * server refuses the API all the same.
 */
import type { OwnerAction } from '../shared/roles.ts';

export interface NavItem {
  readonly name: string;
  readonly path: string;
  readonly action: OwnerAction;
}

export const NAV_ITEMS: readonly NavItem[] = [
  // Every role reads content; the dashboard shows only the sections the role may read.
  { name: 'Dashboard', path: '/', action: 'content:read' },
  { name: 'Orders', path: '/orders', action: 'orders:read' },
  { name: 'Products', path: '/products', action: 'store:read' },
  { name: 'Analytics', path: '/analytics', action: 'analytics:read' },
  { name: 'Site health', path: '/site-health', action: 'analytics:read' },
  { name: 'Forms', path: '/forms', action: 'content:edit' },
  { name: 'Team', path: '/team', action: 'owners:manage' },
  { name: 'Settings', path: '/settings', action: 'settings:edit' },
];

export function navFor(actions: readonly OwnerAction[]): NavItem[] {
  return NAV_ITEMS.filter((item) => actions.includes(item.action));
}
