/**
 * The product page rendered through the whole app in process (app.inject: routing, site lookup,
 * product query, JSON-T theme, island SSR) beside a plain Fastify route answering a body of the
 * same size: the ratio is what rendering costs over the framework floor.
 */
import Fastify from 'fastify';
import { createTestApp } from '../test/helpers/app.ts';
import { opsPerSecond, printResult, printTable } from './lib/measure.ts';

const PRODUCT_URL = '/shop/p/linen-shirt';

// The per-IP limit would answer most of these requests 429: measure pages, not refusals.
const harness = await createTestApp({ rateLimit: { max: 1_000_000_000, timeWindowMs: 60_000 } });
const page = await harness.app.inject(PRODUCT_URL);
if (page.statusCode !== 200) throw new Error(`product page answered ${page.statusCode}`);
const body = page.body;

const floor = Fastify();
floor.get('/static', (_request, reply) => reply.type('text/html; charset=utf-8').send(body));
await floor.ready();

const vitrine = await opsPerSecond('vitrine product page', async () => {
  const response = await harness.app.inject(PRODUCT_URL);
  if (response.statusCode !== 200) throw new Error(`product page answered ${response.statusCode}`);
});
const reference = await opsPerSecond('plain fastify route, same body', () =>
  floor.inject('/static'),
);
const ratio = vitrine.opsPerSecond / reference.opsPerSecond;

printTable([
  { benchmark: vitrine.name, 'requests/s': Math.round(vitrine.opsPerSecond), bytes: body.length },
  {
    benchmark: reference.name,
    'requests/s': Math.round(reference.opsPerSecond),
    bytes: body.length,
  },
]);
await floor.close();
await harness.close();
printResult({
  benchmark: 'page-inject',
  vitrineRps: Math.round(vitrine.opsPerSecond),
  floorRps: Math.round(reference.opsPerSecond),
  ratio: Number(ratio.toFixed(3)),
});
