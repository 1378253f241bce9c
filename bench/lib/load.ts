/**
 * HTTP load with autocannon, as many distinct clients: every connection speaks for its own
 * client address through X-Forwarded-For (the server trusts 127.0.0.1 as a proxy), so per-IP
 * rate limits count each connection apart, as they would count visitors. A connection moves to
 * a fresh address after `requestsPerAddress` responses, so no simulated client outruns the
 * production per-IP limit (600 requests a minute, 1,200 for telemetry): the benchmarks measure
 * serving, not refusals, and the limiter still runs on every request. A connection may also
 * carry headers of its own (a visitor's cookies and CSRF token).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

// ---- the slice of autocannon 8's API used here (the package ships no types) --------------
interface AutocannonClient {
  setHeaders(headers: Record<string, string>): void;
  on(event: 'response', listener: (status: number) => void): void;
  on(event: 'request', listener: () => void): void;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeout: number;
  setupClient(client: AutocannonClient): void;
}
interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
  latency: { p50: number; p99: number };
  requests: { mean: number; total: number; sent: number };
}
const autocannon = require('autocannon') as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;

// ---- options and results ---------------------------------------------------------------------
export interface LoadRequest {
  readonly method?: 'GET' | 'POST';
  /** Path and query on the server. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface LoadOptions {
  /** http://host:port of the server. */
  readonly server: string;
  readonly request: LoadRequest;
  readonly connections: number;
  /** Seconds; default benchDurationS(). */
  readonly durationS?: number;
  /** Headers of connection `index` only (cookies, CSRF token), over the request's own. */
  readonly connectionHeaders?: (index: number) => Readonly<Record<string, string>>;
  /** Default 500: below the global per-IP limit of 600 a minute. */
  readonly requestsPerAddress?: number;
}

export interface LoadResult {
  /** Responses per second, autocannon's mean over 1-second samples. */
  readonly requestsPerSecond: number;
  /** 2xx responses per second over the whole run. */
  readonly okPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly responses: number;
  readonly ok: number;
  readonly non2xx: number;
  /** Status code → count, for every status seen. */
  readonly statuses: Readonly<Record<string, number>>;
  readonly errors: number;
  readonly timeouts: number;
  /** Requests sent that got no response before the run stopped: their outcome is unknown. */
  readonly unanswered: number;
  readonly durationS: number;
}

const DEFAULT_DURATION_S = 10;
const DEFAULT_REQUESTS_PER_ADDRESS = 500;
const TIMEOUT_S = 10;
const MAX_SETTLE_S = 20;

/** BENCH_DURATION_S (e.g. 2 for a smoke run), else 10 seconds. */
export function benchDurationS(): number {
  const raw = process.env.BENCH_DURATION_S?.trim();
  if (!raw) return DEFAULT_DURATION_S;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error(`BENCH_DURATION_S must be a positive number of seconds, not "${raw}"`);
  return seconds;
}

/** A short run before the measured ones, so the JIT and the pools are warm: a fifth, 1–3 s. */
export function warmupDurationS(): number {
  return Math.min(3, Math.max(1, Math.round(benchDurationS() / 5)));
}

// Addresses in 10.0.0.0/8, never reused within a benchmark process: a fresh run starts with
// fresh rate-limit counters even when the previous run's minute is not over.
let nextAddress = 1;
export function freshAddress(): string {
  const n = nextAddress;
  nextAddress += 1;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * When autocannon stops, each connection may leave one request the server is still working on;
 * the next run must not start behind that backlog. It drains at about the rate just measured.
 */
async function settle(connections: number, requestsPerSecond: number): Promise<void> {
  const seconds = Math.min(MAX_SETTLE_S, (1.5 * connections) / Math.max(1, requestsPerSecond));
  await new Promise((resolve) => setTimeout(resolve, seconds * 1_000 + 200));
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const perAddress = options.requestsPerAddress ?? DEFAULT_REQUESTS_PER_ADDRESS;
  const { request } = options;
  let connectionIndex = 0;
  let sent = 0;
  let answered = 0;
  const result = await autocannon({
    url: options.server + request.path,
    connections: options.connections,
    duration: options.durationS ?? benchDurationS(),
    method: request.method ?? 'GET',
    headers: { ...request.headers },
    ...(request.body === undefined ? {} : { body: request.body }),
    timeout: TIMEOUT_S,
    setupClient(client) {
      const own = options.connectionHeaders?.(connectionIndex) ?? {};
      connectionIndex += 1;
      const useAddress = () => client.setHeaders({ ...own, 'x-forwarded-for': freshAddress() });
      useAddress();
      let responses = 0;
      client.on('request', () => {
        sent += 1;
      });
      client.on('response', () => {
        answered += 1;
        responses += 1;
        // Runs before autocannon writes the next request, so that request has the new address.
        if (responses % perAddress === 0) useAddress();
      });
    },
  });
  await settle(options.connections, result.requests.mean);
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([status, stats]) => [status, stats.count]),
  );
  return {
    requestsPerSecond: result.requests.mean,
    okPerSecond: result['2xx'] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    responses: result.requests.total,
    ok: result['2xx'],
    non2xx: result.non2xx,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
    unanswered: Math.max(0, sent - answered),
    durationS: result.duration,
  };
}

/** "200: 1234, 429: 5" for a table cell. */
export function describeStatuses(result: LoadResult): string {
  return Object.entries(result.statuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
}
