/**
 * Due jobs, run by the in-process scheduler and by `vitrine jobs run` (for a cron): today the
 * subscription renewals. A run is safe beside any number of others (see renewals.ts).
 */
import type { Database } from '../../db/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { PaymentProviders } from '../payments/index.ts';
import type { PlaceOrderDeps } from '../orders/index.ts';
import { runDueRenewals, type RenewalOutcome } from './renewals.ts';

export interface JobDeps {
  readonly database: Database;
  readonly mailer: Mailer;
  readonly payments: PaymentProviders;
  readonly log: PlaceOrderDeps['log'];
  /** After a job's order took counted stock (orders/stock-changes.ts). */
  readonly stockChanged: PlaceOrderDeps['stockChanged'];
  readonly now?: () => Date;
}

export interface JobRunSummary {
  readonly renewals: readonly RenewalOutcome[];
}

export async function runDueJobs(deps: JobDeps): Promise<JobRunSummary> {
  const now = (deps.now ?? (() => new Date()))();
  const renewals = await runDueRenewals({ ...deps, now });
  return { renewals };
}

/** One line for operators: "Renewals: 3 renewed, 1 completed, 1 failed, 0 skipped." */
export function describeJobRun(summary: JobRunSummary): string {
  const count = (status: RenewalOutcome['status']) =>
    summary.renewals.filter((outcome) => outcome.status === status).length;
  return `Renewals: ${count('renewed')} renewed, ${count('completed')} completed, ${count('failed')} failed, ${count('skipped')} skipped.`;
}

/**
 * `vitrine jobs run`: the dependencies a one-off process needs, then one run; mail sent before
 * it returns. The summary names the sites whose stock the run's orders took, for the running
 * servers to be told (the CLI has no cache of its own).
 */
export async function runJobsOnce(options: {
  database: Database;
  mailer: Mailer;
  payments: PaymentProviders;
}): Promise<JobRunSummary & { readonly stockChangedSites: readonly string[] }> {
  const { mailer } = options;
  const log = {
    warn: (object: object, message: string) => console.warn(message, object),
    error: (object: object, message: string) => console.error(message, object),
  };
  const stockChangedSites = new Set<string>();
  try {
    const summary = await runDueJobs({
      database: options.database,
      mailer,
      payments: options.payments,
      log,
      stockChanged: (siteId) => stockChangedSites.add(siteId),
    });
    return { ...summary, stockChangedSites: [...stockChangedSites] };
  } finally {
    await mailer.idle();
  }
}
