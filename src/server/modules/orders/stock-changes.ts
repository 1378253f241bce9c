/**
 * Telling the caches that an order changed what is in stock (docs/scaling.md). Product pages
 * are cached per process with the stock they show (the sold-out mark, 'Only 2 left'), so a sale,
 * a cancel or a restocking refund drops this process's cached site and, on PostgreSQL, every
 * other process's through a site-change notice. Called once per committed change, never inside
 * its transaction: a notice must not arrive before the stock it announces. Checkout's
 * conditional UPDATE stays the stock authority; this only keeps what shoppers see in step.
 */
import type { SiteResolver } from '../../http/current-site.ts';

/** Told after a commit that changed the counted stock of a variant of the site. */
export type StockChanged = (siteId: string) => void;

/** The announcement a serving process makes: its site resolver's invalidate, named 'stock'. */
export function stockChangesThrough(sites: Pick<SiteResolver, 'invalidate'>): StockChanged {
  return (siteId) => sites.invalidate({ siteId, what: 'stock' });
}
