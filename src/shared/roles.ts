/**
 * Website roles (docs/behaviour/accounts-and-login.md#website-roles) and what each may do.
 *
 * The spec lists the role codes but not their powers ("not shown"); this file is the one place
 * Vitrine decides them. Owner endpoints ask for an action (`requireOwner('orders:manage')`), never
 * for a role, so a role's powers change here and nowhere else. README.md § Roles documents the
 * same table in words; a test keeps the two in step.
 */

export const WEBSITE_ROLES = {
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
} as const;

export type WebsiteRoleName = keyof typeof WEBSITE_ROLES;
export type WebsiteRoleCode = (typeof WEBSITE_ROLES)[WebsiteRoleName];

export const WEBSITE_ROLE_NAMES = Object.keys(WEBSITE_ROLES) as WebsiteRoleName[];
export const WEBSITE_ROLE_CODES: readonly WebsiteRoleCode[] = Object.values(WEBSITE_ROLES);

/** The store, its orders, stock and restock lists, and the customers behind the orders. */
const STORE_ACTIONS = [
  /** See the store's products, prices, coupons, shipping and tax settings. */
  'store:read',
  /** Edit products, variants, prices, coupons, shipping rates and tax rules. */
  'store:edit',
  /** List and view orders (customer names, addresses, emails). */
  'orders:read',
  /** Fulfil, refund and cancel orders. */
  'orders:manage',
  /** Set variants' stock. */
  'stock:edit',
  /** List restock sign-ups. */
  'restock:read',
  /** Send restock notifications. */
  'restock:send',
  /** See site users (customer accounts) and their subscriptions. */
  'customers:read',
] as const;

/** Everything an owner endpoint can ask for. `:read` actions never change anything. */
export const OWNER_ACTIONS = [
  /** See pages, collections, products and settings as stored, unpublished ones too. */
  'content:read',
  /** Edit pages, collections, blog posts, forms and navigation. */
  'content:edit',
  /** Write comments as the site. */
  'comments:write',
  /** Approve, hide and delete visitors' comments and reviews. */
  'comments:moderate',
  ...STORE_ACTIONS,
  /** Read analytics, page-speed and script-error reports. */
  'analytics:read',
  /** Edit email campaigns and mailing lists. */
  'campaigns:edit',
  /** See the appointment calendar. */
  'scheduling:read',
  /** Book, move and cancel appointments. */
  'scheduling:edit',
  /** Change the scheduling setup (services, availability, calendars). */
  'scheduling:admin',
  /** Plans, invoices and payment methods of the site itself. */
  'billing:manage',
  /** Site-wide settings: domains, store currency, integrations, captcha, cookie policy. */
  'settings:edit',
  /** Add and remove owners and change their roles. */
  'owners:manage',
] as const;

export type OwnerAction = (typeof OWNER_ACTIONS)[number];

/** The one table role → permitted actions. */
export const ROLE_ACTIONS: Readonly<Record<WebsiteRoleName, readonly OwnerAction[]>> = {
  // Everything, including managing other owners.
  ADMIN: OWNER_ACTIONS,
  // The site's own subscription and invoices; sees content to know what it pays for.
  BILLING: ['content:read', 'billing:manage'],
  // Reports only: analytics read, no customer data.
  REPORTING: ['content:read', 'analytics:read'],
  // Site content and its conversation; sees the store but does not change prices or stock.
  EDITOR: ['content:read', 'content:edit', 'comments:write', 'comments:moderate', 'store:read'],
  MODERATOR: ['content:read', 'comments:write', 'comments:moderate'],
  COMMENTER: ['content:read', 'comments:write'],
  // Every store action (STORE_ACTIONS); sees content to know what it sells.
  STORE_MANAGER: ['content:read', ...STORE_ACTIONS],
  // The full scheduling role: calendar and its setup.
  SCHEDULING: ['content:read', 'scheduling:read', 'scheduling:edit', 'scheduling:admin'],
  // Read-only: content and store as stored, nothing personal (orders, customers) or financial.
  VIEWER: ['content:read', 'store:read'],
  CAMPAIGNS_EDITOR: ['content:read', 'campaigns:edit'],
  SCHEDULING_VIEWER: ['content:read', 'scheduling:read'],
  SCHEDULING_EDITOR: ['content:read', 'scheduling:read', 'scheduling:edit'],
};

const CODE_TO_NAME = new Map<number, WebsiteRoleName>(
  WEBSITE_ROLE_NAMES.map((name) => [WEBSITE_ROLES[name], name]),
);

export function roleName(code: number): WebsiteRoleName | undefined {
  return CODE_TO_NAME.get(code);
}

/** A role by name (`STORE_MANAGER`, any case) or by code (`8`); undefined when it is neither. */
export function parseRole(value: string): WebsiteRoleCode | undefined {
  const trimmed = value.trim();
  if (/^\d{1,2}$/.test(trimmed)) {
    const name = roleName(Number(trimmed));
    return name === undefined ? undefined : WEBSITE_ROLES[name];
  }
  const upper = trimmed.toUpperCase();
  return Object.hasOwn(WEBSITE_ROLES, upper) ? WEBSITE_ROLES[upper as WebsiteRoleName] : undefined;
}

/** Whether a role code may perform an action; an unknown code may do nothing. */
export function roleAllows(code: number, action: OwnerAction): boolean {
  const name = roleName(code);
  return name !== undefined && ROLE_ACTIONS[name].includes(action);
}

export function actionsOfRole(code: number): readonly OwnerAction[] {
  const name = roleName(code);
  return name === undefined ? [] : ROLE_ACTIONS[name];
}
