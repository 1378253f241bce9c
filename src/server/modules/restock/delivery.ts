/**
 * Hands committed restock notices to the mail module: SMTP when configured (each row becomes
 * 'sent' or 'failed' for a retry), otherwise the queued outbox rows are the delivery. In the
 * background: an owner's send of a long list, or a stock edit that sends, does not wait for the
 * mail server; the app waits for the deliveries in flight when it closes.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Mailer } from '../mail/index.ts';

export type NoticeDelivery = (log: FastifyBaseLogger, outboxIds: readonly string[]) => void;

export function createNoticeDelivery(
  app: FastifyInstance,
  mailer: Mailer,
  smtpConfigured: boolean,
): NoticeDelivery {
  const delivering = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all([...delivering]);
  });
  return (log, outboxIds) => {
    if (outboxIds.length === 0 || !smtpConfigured) return;
    const run = (async () => {
      for (const id of outboxIds) {
        const sent = await mailer.send(id);
        if (sent.status === 'failed')
          log.warn({ outboxId: id, error: sent.error }, 'restock notice not delivered');
      }
    })();
    delivering.add(run);
    void run.finally(() => delivering.delete(run));
  };
}
