/**
 * After an account is created: when its address bought as a guest, the address is sent the
 * link that adds those orders to the account (guest-orders.ts says why not at once). Mail
 * never fails the account's creation.
 */
import type { FastifyRequest } from 'fastify';
import type { SiteUserDeps } from './deps.ts';
import {
  countGuestOrders,
  GUEST_ORDERS_LINK_PATH,
  guestOrdersEmail,
  guestOrdersToken,
} from './guest-orders.ts';

export async function offerGuestOrders(
  deps: SiteUserDeps,
  request: FastifyRequest,
  site: { id: string; title: string },
  user: { id: string; email: string },
): Promise<void> {
  const claim = { siteId: site.id, siteUserId: user.id, emailKey: user.email.toLowerCase() };
  const count = await countGuestOrders(deps.database.db, site.id, claim.emailKey);
  if (count === 0) return;
  // PUBLIC_URL pins the origin, so a forged Host header never points the link elsewhere.
  const origin = deps.publicOrigin(request).replace(/\/+$/, '');
  const token = guestOrdersToken(deps.secret, claim, new Date());
  const queued = await deps.mailer.deliverLater(
    guestOrdersEmail({
      siteId: site.id,
      siteTitle: site.title,
      siteUserId: user.id,
      to: user.email,
      link: `${origin}${GUEST_ORDERS_LINK_PATH}?${new URLSearchParams({ token }).toString()}`,
      count,
    }),
  );
  if (queued.status === 'not-written')
    request.log.error({ error: queued.error }, 'guest orders email not queued');
}
