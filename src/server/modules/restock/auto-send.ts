/**
 * Sending restock notices when an owner puts a variant back in stock, so merchants need not
 * remember the explicit send: on unless the store turns `storeSettings.restockAutoSend` off.
 * The send is the explicit send's (send.ts): exactly once per sign-up, nothing when none is
 * pending, and nothing when a sale emptied the variant again before the write.
 */
import type { FastifyRequest } from 'fastify';
import { isBackInStock } from '../../../shared/restock/index.ts';
import { restockAutoSendEnabled } from '../../../shared/site-context/settings.ts';
import type { Database } from '../../db/index.ts';
import type { SiteResolver } from '../../http/current-site.ts';
import type { PublicOrigin } from '../../http/public-origin.ts';
import type { NoticeDelivery } from './delivery.ts';
import { sendRestockNotices } from './send.ts';

export interface RestockAutoSender {
  /** After an owner's stock write; answers how many notices it sent. */
  afterStockChange(
    request: FastifyRequest,
    variant: {
      readonly productId: string;
      readonly variantId: string;
      readonly unlimited: boolean;
      readonly qtyInStock: number;
    },
  ): Promise<number>;
}

export function createRestockAutoSender(deps: {
  readonly database: Database;
  readonly sites: SiteResolver;
  readonly publicOrigin: PublicOrigin;
  readonly deliver: NoticeDelivery;
}): RestockAutoSender {
  return {
    async afterStockChange(request, variant) {
      if (!isBackInStock(variant)) return 0;
      const site = await deps.sites.current();
      if (!site || !restockAutoSendEnabled(site.settings)) return 0;
      const origin = deps.publicOrigin(request);
      try {
        const { results, outboxIds } = await sendRestockNotices(
          { database: deps.database, site, origin },
          [{ productId: variant.productId, variantId: variant.variantId }],
        );
        deps.deliver(request.log, outboxIds);
        return results.reduce((total, result) => total + result.sentCount, 0);
      } catch (error) {
        // The stock write stands; the owner can still send by hand.
        request.log.warn({ err: error, ...variant }, 'restock notices not sent automatically');
        return 0;
      }
    },
  };
}
