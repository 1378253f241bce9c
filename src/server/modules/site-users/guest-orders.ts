/**
 * Guest orders join an account once its owner proves the address they were bought with
 * (docs/behaviour/accounts-and-login.md#orders-bought-as-a-guest). Accounts are created without
 * checking the address, so linking at creation would let anyone who types a customer's email
 * read that customer's orders (lines, address). Instead, when a new account's address has guest
 * orders, an email with a signed link goes to that address; opening it (logged in as that
 * account) verifies the account's address and links every guest order of the address to it.
 * A completed password reset verifies the address too (its link went there). A verified
 * account takes the address's later guest orders at each login.
 *
 * The link's token is an HMAC of the site, the account, its address and an expiry under the
 * session secret: nothing is stored, it cannot be made for another account or address, and it
 * stops working after LINK_DAYS.
 */
import { createHmac } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { schema, type AppDb } from '../../db/index.ts';
import { tokensEqual } from '../../http/session.ts';
import { actionBlocks, renderEmail, type MailMessage } from '../mail/index.ts';

const { orders, siteUsers } = schema;

export const GUEST_ORDERS_LINK_PATH = '/account/orders/link';
export const GUEST_ORDERS_EMAIL_KIND = 'site-user-guest-orders';
export const LINK_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface GuestOrdersClaim {
  readonly siteId: string;
  readonly siteUserId: string;
  readonly emailKey: string;
}

function signature(secret: string, claim: GuestOrdersClaim, expires: number): string {
  return createHmac('sha256', secret)
    .update(`guest-orders:${claim.siteId}:${claim.siteUserId}:${claim.emailKey}:${expires}`)
    .digest('base64url');
}

export function guestOrdersToken(secret: string, claim: GuestOrdersClaim, now: Date): string {
  const expires = now.getTime() + LINK_DAYS * DAY_MS;
  return `${expires}.${signature(secret, claim, expires)}`;
}

export function isGuestOrdersToken(
  secret: string,
  claim: GuestOrdersClaim,
  token: string,
  now: Date,
): boolean {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2]) return false;
  const expires = Number(match[1]);
  if (expires < now.getTime()) return false;
  return tokensEqual(signature(secret, claim, expires), match[2]);
}

/** How many of the site's orders were bought as a guest with this address. */
export async function countGuestOrders(
  db: AppDb,
  siteId: string,
  emailKey: string,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.siteId, siteId),
        isNull(orders.siteUserId),
        sql`lower(${orders.email}) = ${emailKey}`,
      ),
    );
  return row?.count ?? 0;
}

/**
 * Records that the account's owner proved its address (a link mailed there was opened) and gives
 * the address's guest orders to it; answers how many orders it took. Run it in a transaction, so
 * both happen or neither. Nothing happens when the account's address is no longer the claim's.
 */
export async function verifyAddressAndLinkOrders(
  db: AppDb,
  claim: GuestOrdersClaim,
): Promise<number> {
  const [verified] = await db
    .update(siteUsers)
    .set({ emailVerifiedAt: sql`coalesce(${siteUsers.emailVerifiedAt}, now())` })
    .where(
      and(
        eq(siteUsers.id, claim.siteUserId),
        eq(siteUsers.siteId, claim.siteId),
        eq(siteUsers.emailKey, claim.emailKey),
      ),
    )
    .returning({ id: siteUsers.id });
  return verified ? linkGuestOrders(db, claim) : 0;
}

/**
 * Gives the address's guest orders to the account; answers how many it took. Callers make sure
 * the account's address is verified (verifyAddressAndLinkOrders, or emailVerifiedAt at login).
 */
export async function linkGuestOrders(db: AppDb, claim: GuestOrdersClaim): Promise<number> {
  const linked = await db
    .update(orders)
    .set({ siteUserId: claim.siteUserId })
    .where(
      and(
        eq(orders.siteId, claim.siteId),
        isNull(orders.siteUserId),
        sql`lower(${orders.email}) = ${claim.emailKey}`,
      ),
    )
    .returning({ id: orders.id });
  return linked.length;
}

export function guestOrdersEmail(input: {
  siteId: string;
  siteTitle: string;
  siteUserId: string;
  to: string;
  link: string;
  count: number;
}): MailMessage {
  const subject = `Add your earlier orders to your ${input.siteTitle} account`;
  const orders = input.count === 1 ? 'an earlier order' : `${input.count} earlier orders`;
  return {
    siteId: input.siteId,
    kind: GUEST_ORDERS_EMAIL_KIND,
    reference: input.siteUserId,
    to: input.to,
    subject,
    ...renderEmail({
      siteTitle: input.siteTitle,
      subject,
      blocks: actionBlocks(
        [
          `Welcome to ${input.siteTitle}. This address placed ${orders} as a guest.`,
          `To see them in your account, open this link within ${LINK_DAYS} days while logged in:`,
        ],
        { label: 'Add my orders', href: input.link },
        ['If you did not create this account, ignore this email: nothing changes.'],
      ),
    }),
  };
}
