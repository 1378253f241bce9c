/**
 * The composition root: the services a process needs, built once from the configuration and
 * handed to the modules by app.ts and cli-commands.ts (their only callers). One payment
 * provider per process — its in-memory state (the test provider's record of charges) and its
 * HTTP client are shared by checkout, the owner endpoints and the subscription jobs —, one
 * mailer, whose background sends the process waits for before it closes the database, one
 * site resolver (its cache is the process's, kept fresh across processes by site-change
 * notices), and the background job runners.
 */
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import { createSiteResolver, type SiteResolver } from './http/current-site.ts';
import {
  broadcastingResolver,
  startSiteChangeFeed,
  type SiteChangeFeed,
} from './http/site-changes.ts';
import { publicOriginOf, type PublicOrigin } from './http/public-origin.ts';
import type { TimerLoop } from './jobs/timer-loop.ts';
import type { ThrottleClock } from './modules/auth/index.ts';
import { createMailer, startOutboxRelay, type Mailer } from './modules/mail/index.ts';
import {
  createPaymentProviders,
  createStripePaymentProvider,
  createTestPaymentProvider,
  type PaymentProvider,
  type PaymentProviders,
} from './modules/payments/index.ts';
import { stockChangesThrough } from './modules/orders/index.ts';
import { startJobScheduler } from './modules/subscriptions/index.ts';

export interface Services {
  /** The configured provider (PAYMENT_PROVIDER). */
  readonly paymentProvider: PaymentProvider;
  /** The same provider by id, for orders that name theirs (renewals, refunds). */
  readonly payments: PaymentProviders;
  readonly mailer: Mailer;
  readonly now: () => Date;
  /**
   * The failed-attempt throttles' time (logins, page passwords): undefined in production, where
   * the database's clock is every process's; a test holds it still to count attempts, not seconds.
   */
  readonly throttleClock: ThrottleClock | undefined;
  /** Which site a request is for (the one site in the database, cached). */
  readonly sites: SiteResolver;
  /** Origin of absolute links (emails, payment return, sitemap): PUBLIC_URL, else the request's own. */
  readonly publicOrigin: PublicOrigin;
  /**
   * Starts the background runners: the outbox relay (with SMTP: what waits in the outbox is
   * relayed) and, with `renewals`, the subscription renewal scheduler. stop() ends both, waits
   * for a pass in progress, then for the mail it sent.
   */
  startJobs(options: { readonly renewals: boolean; readonly log: JobLog }): TimerLoop;
  /**
   * On PostgreSQL with DATABASE_URL: listens for the site changes other processes publish and
   * drops this process's cached site on each (http/site-changes.ts); undefined otherwise (the
   * embedded database has one process).
   */
  startSiteChangeFeed(log: JobLog): Promise<SiteChangeFeed | undefined>;
}

interface JobLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What tests may replace (a provider they inspect, a clock, a site resolver); the rest is built as in production. */
export type ServiceOverrides = Partial<
  Pick<Services, 'paymentProvider' | 'mailer' | 'now' | 'sites'>
> & {
  readonly throttleClock?: ThrottleClock;
  /**
   * Who this process is as the sender of site-change notices; only tests pass their own, to
   * play two processes in one (a process ignores its own notices, http/site-changes.ts).
   */
  readonly processId?: string;
};

function paymentProviderOf(config: Config): PaymentProvider {
  switch (config.payments.provider) {
    case 'test':
      return createTestPaymentProvider();
    case 'stripe':
      // loadConfig refuses PAYMENT_PROVIDER=stripe without its keys; checked again for the types.
      if (!config.payments.stripe) throw new Error('PAYMENT_PROVIDER=stripe without its keys');
      return createStripePaymentProvider(config.payments.stripe);
  }
}

export function createServices(
  config: Config,
  database: Database,
  overrides: ServiceOverrides = {},
): Services {
  const paymentProvider = overrides.paymentProvider ?? paymentProviderOf(config);
  const payments = createPaymentProviders([paymentProvider]);
  const mailer = overrides.mailer ?? createMailer({ database, smtpUrl: config.smtpUrl });
  const now = overrides.now ?? (() => new Date());
  const localSites =
    overrides.sites ?? createSiteResolver(database, { ttlMs: config.siteCacheTtlMs });
  // Until the app hands its logger over (startSiteChangeFeed), a failed publish goes to stderr.
  let changeLog: Pick<JobLog, 'warn'> = {
    warn: (object, message) => console.warn(message, object),
  };
  const sites = broadcastingResolver(localSites, database, () => changeLog, overrides.processId);
  return {
    paymentProvider,
    payments,
    mailer,
    now,
    throttleClock: overrides.throttleClock,
    sites,
    publicOrigin: publicOriginOf(config.publicUrl),
    startJobs({ renewals, log }) {
      const loops: TimerLoop[] = [];
      if (config.smtpUrl)
        loops.push(
          startOutboxRelay(mailer, undefined, (error) =>
            log.error({ err: error }, 'outbox relay pass failed'),
          ),
        );
      if (renewals)
        loops.push(
          startJobScheduler({
            database,
            mailer,
            payments,
            log,
            now,
            stockChanged: stockChangesThrough(sites),
          }),
        );
      return {
        async stop() {
          await Promise.all(loops.map((loop) => loop.stop()));
          await mailer.idle();
        },
      };
    },
    async startSiteChangeFeed(log) {
      changeLog = log;
      if (database.kind !== 'pg' || config.databaseUrl === undefined) return undefined;
      return startSiteChangeFeed({
        database,
        databaseUrl: config.databaseUrl,
        local: localSites,
        log,
        ...(overrides.processId === undefined ? {} : { self: overrides.processId }),
      });
    },
  };
}
