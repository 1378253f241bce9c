/**
 * CPU per request for every party a load run keeps busy on this machine: the server process(es),
 * the PostgreSQL processes working for the bench database (on PGlite the database runs inside the
 * server), and the load generator (this process). Their sum is what one request costs the machine;
 * `cores × 1,000 ms ÷ sum` bounds the requests per second any run on this machine can reach, and
 * the same bound without the load generator is what the server and its database alone allow
 * (bench/README.md, "Add to cart and ingestion: CPU per party").
 */
import { availableParallelism } from 'node:os';
import { ownCpuMs, postgresCpuMs, processTreeCpuMs } from './process-cpu.ts';
import { round } from './report.ts';

/** CPU ms used so far by each party; undefined where it could not be read. */
export interface PartyReading {
  readonly server: number | undefined;
  readonly postgres: number | undefined;
  readonly loadGenerator: number;
}

/** What one request cost each party, their sums, and the rates those sums allow. */
export interface PartyCost {
  readonly server: number | undefined;
  /** Undefined on PGlite (inside the server) or where /proc is missing. */
  readonly postgres: number | undefined;
  readonly loadGenerator: number;
  /** Server + PostgreSQL: the cost no load generator could take away. */
  readonly serverSide: number | undefined;
  /** Every party. */
  readonly total: number | undefined;
  /** cores × 1,000 ÷ total: the most requests/s this machine could answer, generator included. */
  readonly boundPerS: number | undefined;
  /** cores × 1,000 ÷ serverSide: the most with a load generator that cost nothing. */
  readonly serverSideBoundPerS: number | undefined;
}

export function readParties(serverPid: number, postgresDatabase?: string): PartyReading {
  return {
    server: processTreeCpuMs(serverPid),
    postgres: postgresDatabase === undefined ? undefined : postgresCpuMs(postgresDatabase),
    loadGenerator: ownCpuMs(),
  };
}

function spent(before: number | undefined, after: number | undefined, requests: number) {
  return before === undefined || after === undefined ? undefined : (after - before) / requests;
}

/** Per-request costs between two readings that span `requests` requests, on `cores` cores. */
export function costPerRequest(
  before: PartyReading,
  after: PartyReading,
  requests: number,
  cores: number = availableParallelism(),
): PartyCost | undefined {
  if (requests <= 0) return undefined;
  const server = spent(before.server, after.server, requests);
  const postgres = spent(before.postgres, after.postgres, requests);
  const loadGenerator = (after.loadGenerator - before.loadGenerator) / requests;
  // With PostgreSQL unread (PGlite, or no /proc for it) the server is the whole server side.
  const serverSide = server === undefined ? undefined : server + (postgres ?? 0);
  const total = serverSide === undefined ? undefined : serverSide + loadGenerator;
  const bound = (ms: number | undefined) => (ms && ms > 0 ? (cores * 1_000) / ms : undefined);
  return {
    server,
    postgres,
    loadGenerator,
    serverSide,
    total,
    boundPerS: bound(total),
    serverSideBoundPerS: bound(serverSide),
  };
}

const ms = (value: number | undefined) => (value === undefined ? '–' : String(round(value, 3)));
const rate = (value: number | undefined) => (value === undefined ? '–' : String(round(value)));

/**
 * One table row: each party's CPU ms per request, the sums, the bounds they set, the rate
 * measured, and (with `reference`, /healthz's measured rate) the server-side bound over it: below
 * the target's share of /healthz, no server code meets the target on this machine.
 */
export function partyColumns(
  cost: PartyCost | undefined,
  measuredPerS: number,
  reference?: number,
): Record<string, string> {
  if (!cost) return {};
  return {
    'server ms': ms(cost.server),
    'PostgreSQL ms': cost.postgres === undefined ? 'in server' : ms(cost.postgres),
    'load gen ms': ms(cost.loadGenerator),
    'sum ms': ms(cost.total),
    'bound/s (all)': rate(cost.boundPerS),
    'bound/s (server+db)': rate(cost.serverSideBoundPerS),
    'measured/s': rate(measuredPerS),
    ...(reference === undefined || cost.serverSideBoundPerS === undefined
      ? {}
      : { 'server+db bound vs /healthz': `${round(cost.serverSideBoundPerS / reference, 3)}x` }),
  };
}

/** The RESULT line's figures of one cost. */
export function partyFigures(cost: PartyCost | undefined): Record<string, number> {
  if (!cost) return {};
  const figures: Record<string, number | undefined> = {
    serverCpuMs: cost.server,
    postgresCpuMs: cost.postgres,
    loadGeneratorCpuMs: cost.loadGenerator,
    totalCpuMs: cost.total,
  };
  const rounded: Record<string, number> = {};
  for (const [name, value] of Object.entries(figures))
    if (value !== undefined) rounded[name] = round(value, 3);
  if (cost.boundPerS !== undefined) rounded.boundPerS = round(cost.boundPerS);
  if (cost.serverSideBoundPerS !== undefined)
    rounded.serverSideBoundPerS = round(cost.serverSideBoundPerS);
  return rounded;
}

/**
 * Whether an operation can reach `ratio` × /healthz's rate at the CPU per request both measured.
 * When both runs keep the machine's cores busy (their latencies show queues), each rate is the
 * cores' time over every party's CPU per request, so the rates' ratio is the inverse of the CPU
 * sums' ratio, whatever else runs on the machine: the operation may cost every party together at
 * most /healthz's sum ÷ `ratio`. What PostgreSQL and the load generator take of that is left to
 * the server. One sentence for the bench's output and README.
 */
export function budgetVerdict(
  operation: string,
  cost: PartyCost | undefined,
  reference: PartyCost | undefined,
  ratio: number,
): string | undefined {
  if (cost?.server === undefined || cost.total === undefined || reference?.total === undefined)
    return undefined;
  const budget = reference.total / ratio;
  const others = cost.total - cost.server;
  const serverBudget = budget - others;
  const verdict =
    cost.total <= budget
      ? 'the CPU allows it.'
      : serverBudget <= 0
        ? 'out of reach on this machine whatever the server does.'
        : `out of reach unless the server's CPU per request falls ${round((1 - serverBudget / cost.server) * 100)}%.`;
  return (
    `${operation}: every party's CPU per request is ${round(cost.total, 3)} ms against /healthz's ` +
    `${round(reference.total, 3)} (${round(reference.total / cost.total, 3)}×); ${ratio}× /healthz allows ` +
    `${round(budget, 3)} ms; ` +
    `${cost.postgres === undefined ? 'the load generator takes' : 'PostgreSQL and the load generator take'} ` +
    `${round(others, 3)}, leaving the server ${round(serverBudget, 3)} ms (it spends ${round(cost.server, 3)}): ` +
    verdict
  );
}
