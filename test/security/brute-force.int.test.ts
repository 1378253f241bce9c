/**
 * Password guessing the way an attacker would do it: many guesses at once rather than one after
 * another (so no guess sees the failures of the others), from many addresses through the trusted
 * proxy, and with forged X-Forwarded-For headers from an untrusted peer. The throttles must hold
 * for site-user logins, owner logins and the password of a protected page:
 * - one account gets at most its free failures evaluated, then 429 with the spec's message, even
 *   for the right password; so does one address guessing a locked page's password (the page's
 *   throttle is per address, so that guessers cannot lock the page's real visitors out);
 * - one client IP gets at most its free failures across any accounts;
 * - X-Forwarded-For counts only from TRUSTED_PROXIES;
 * - a shopper's successful logins never count against their IP.
 * The throttles' clock stands still here (the app's `throttleClock`): a burst's password checks
 * take seconds on an idle machine and a minute on a loaded one, and what is counted is attempts,
 * so no block may run out while the burst is still arriving. How long blocks last is
 * site-users/login.int.test.ts's concern.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import { ACCOUNT_THROTTLE, IP_THROTTLE } from '../../src/server/modules/auth/login-throttle.ts';
import { importSite } from '../../src/server/modules/site-import/index.ts';
import { UNLOCK_PATH } from '../../src/server/modules/content/index.ts';
import { UNLOCK_THROTTLE } from '../../src/server/modules/content/access-routes.ts';
import { WEBSITE_ROLES } from '../../src/shared/roles.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { contentFixture, PAGE_PASSWORD } from '../helpers/content-fixture.ts';
import { newVisitor, type Visitor } from '../helpers/session.ts';
import { insertOwner, insertSiteUser, PASSWORD } from '../helpers/site-users.ts';

const THROTTLED = {
  error: { code: 'RATE_LIMITED', message: 'Please try again in a few seconds.' },
};
/** Guesses sent at once at one target: far more than any throttle lets through. */
const PARALLEL_GUESSES = 40;
/** A burst is 40 password checks (scrypt): seconds on an idle machine, a minute on a loaded one. */
/** The throttles' time: it stands still unless a test moves it, so blocks hold through a burst. */
const STILL = new Date('2026-11-01T12:00:00Z');
let throttleTime = STILL;
const BURST_TEST_TIMEOUT_MS = 180_000;

vi.setConfig({ testTimeout: BURST_TEST_TIMEOUT_MS });

let harness: TestApp;

beforeAll(async () => {
  // The test's inject() peer (127.0.0.1) is the trusted proxy; X-Forwarded-For names the client.
  harness = await createTestApp({
    importDemo: false,
    env: { TRUSTED_PROXIES: '127.0.0.1' },
    rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
    services: { throttleClock: () => throttleTime },
  });
  await importSite(harness.database, await contentFixture());
});
afterAll(() => harness.close());
beforeEach(async () => {
  throttleTime = STILL;
  await harness.database.db.delete(schema.loginThrottle);
});

/** When the keys a burst left blocked (at the clock's time) open again, latest first. */
async function blockEnds(): Promise<Date[]> {
  const rows = await harness.database.db.select().from(schema.loginThrottle);
  return rows
    .flatMap((row) =>
      row.blockedUntil !== null && row.blockedUntil > throttleTime ? [row.blockedUntil] : [],
    )
    .sort((a, b) => b.getTime() - a.getTime());
}

/** Distinct visitors (sessions), so the CSRF check passes for each parallel guess. */
async function visitors(count: number): Promise<Visitor[]> {
  return Promise.all(Array.from({ length: count }, () => newVisitor(harness.app)));
}

function clientAddress(index: number): string {
  return `198.51.100.${(index % 250) + 1}`;
}

function guess(
  visitor: Visitor,
  url: string,
  payload: Record<string, unknown>,
  fromAddress: string,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return visitor.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'x-forwarded-for': fromAddress },
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
}

function tally(
  responses: readonly Pick<LightMyRequestResponse, 'statusCode'>[],
): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

describe.each([
  ['site-user login', '/api/site-users/account/session', 'site-user'],
  ['owner login', '/api/vitrine/owner/session', 'owner'],
] as const)('%s', (_name, url, kind) => {
  const email = `${kind}-target@example.com`;

  beforeAll(async () => {
    if (kind === 'site-user') await insertSiteUser(harness.database.db, email);
    else await insertOwner(harness.database.db, email, WEBSITE_ROLES.ADMIN);
  });

  it(`evaluates at most ${ACCOUNT_THROTTLE.freeFailures} of ${PARALLEL_GUESSES} simultaneous guesses at one account from as many addresses`, async () => {
    const crowd = await visitors(PARALLEL_GUESSES);
    const responses = await Promise.all(
      crowd.map((visitor, index) =>
        guess(visitor, url, { email, password: `guess ${index}` }, clientAddress(index)),
      ),
    );
    const counts = tally(responses);
    expect(counts[401]).toBeLessThanOrEqual(ACCOUNT_THROTTLE.freeFailures);
    expect(counts[429]).toBe(PARALLEL_GUESSES - (counts[401] ?? 0));
    for (const refused of responses.filter((response) => response.statusCode === 429))
      expect(refused.json()).toEqual(THROTTLED);
    // Blocked now even for the right password, for the first block's length by the clock.
    const [blockEnd] = await blockEnds();
    expect(blockEnd?.getTime()).toBe(STILL.getTime() + ACCOUNT_THROTTLE.firstBlockSeconds * 1000);
    const [owner] = await visitors(1);
    if (!owner) throw new Error('no visitor');
    const right = await guess(owner, url, { email, password: PASSWORD }, clientAddress(249));
    expect(right.statusCode).toBe(429);
    throttleTime = new Date((blockEnd?.getTime() ?? 0) - 1);
    const [early] = await visitors(1);
    if (!early) throw new Error('no visitor');
    expect(
      (await guess(early, url, { email, password: PASSWORD }, clientAddress(248))).statusCode,
    ).toBe(429);
    throttleTime = blockEnd ?? STILL;
    expect(
      (await guess(owner, url, { email, password: PASSWORD }, clientAddress(249))).statusCode,
    ).toBe(200);
  });

  it(`evaluates at most ${IP_THROTTLE.freeFailures} simultaneous guesses from one address across ${PARALLEL_GUESSES} accounts`, async () => {
    const crowd = await visitors(PARALLEL_GUESSES);
    const responses = await Promise.all(
      crowd.map((visitor, index) =>
        guess(
          visitor,
          url,
          { email: `nobody-${index}@example.com`, password: 'guess' },
          '203.0.113.7',
        ),
      ),
    );
    const counts = tally(responses);
    expect(counts[401]).toBeLessThanOrEqual(IP_THROTTLE.freeFailures);
    expect(counts[429]).toBe(PARALLEL_GUESSES - (counts[401] ?? 0));
  });
});

describe('X-Forwarded-For from an untrusted peer', () => {
  it(`is ignored: ${IP_THROTTLE.freeFailures} failures from the peer block it whatever addresses it claims`, async () => {
    const crowd = await visitors(IP_THROTTLE.freeFailures + 5);
    const answers: number[] = [];
    for (const [index, visitor] of crowd.entries()) {
      const response = await guess(
        visitor,
        '/api/site-users/account/session',
        { email: `spoof-${index}@example.com`, password: 'guess' },
        clientAddress(index),
        '192.0.2.50',
      );
      answers.push(response.statusCode);
    }
    expect(answers.slice(0, IP_THROTTLE.freeFailures).every((status) => status === 401)).toBe(true);
    expect(answers.slice(IP_THROTTLE.freeFailures).every((status) => status === 429)).toBe(true);
  });
});

describe('successful logins', () => {
  it(`give their attempt back: ${IP_THROTTLE.freeFailures + 10} shoppers log in from one office, ten at a time`, async () => {
    const count = IP_THROTTLE.freeFailures + 10;
    const emails = Array.from({ length: count }, (_, index) => `office-${index}@example.com`);
    for (const email of emails) await insertSiteUser(harness.database.db, email);
    const crowd = await visitors(count);
    const statuses: number[] = [];
    // A login in flight counts against the address until it succeeds; a wave of ten stays below
    // the address's free failures, and each success gives its attempt back.
    for (let start = 0; start < count; start += 10) {
      const wave = await Promise.all(
        crowd
          .slice(start, start + 10)
          .map((visitor, offset) =>
            guess(
              visitor,
              '/api/site-users/account/session',
              { email: emails[start + offset], password: PASSWORD },
              '203.0.113.99',
            ),
          ),
      );
      statuses.push(...wave.map((response) => response.statusCode));
    }
    expect(tally(statuses.map((statusCode) => ({ statusCode })))).toEqual({ 200: count });
    // A failure after them is the address's first.
    const [late] = await visitors(1);
    if (!late) throw new Error('no visitor');
    const wrong = await guess(
      late,
      '/api/site-users/account/session',
      { email: 'office-0@example.com', password: 'wrong' },
      '203.0.113.99',
    );
    expect(wrong.statusCode).toBe(401);
    const [row] = await harness.database.db
      .select({ failures: schema.loginThrottle.failures })
      .from(schema.loginThrottle)
      .where(eq(schema.loginThrottle.key, 'ip:203.0.113.99'));
    expect(row?.failures).toBe(1);
  });
});

describe('the password of a protected page', () => {
  it(`evaluates at most ${UNLOCK_THROTTLE.freeFailures} of ${PARALLEL_GUESSES} simultaneous guesses from one address`, async () => {
    const crowd = await visitors(PARALLEL_GUESSES);
    const responses = await Promise.all(
      crowd.map((visitor, index) =>
        visitor.inject({
          method: 'POST',
          url: UNLOCK_PATH,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': '203.0.113.40',
          },
          payload: new URLSearchParams({
            crumb: visitor.crumb,
            path: '/secret',
            password: `guess ${index}`,
          }).toString(),
        }),
      ),
    );
    const counts = tally(responses);
    expect(counts[401]).toBeLessThanOrEqual(UNLOCK_THROTTLE.freeFailures);
    expect(counts[429]).toBe(PARALLEL_GUESSES - (counts[401] ?? 0));
    expect(await blockEnds()).not.toEqual([]);
    const [late] = await visitors(1);
    if (!late) throw new Error('no visitor');
    const right = await late.inject({
      method: 'POST',
      url: UNLOCK_PATH,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': '203.0.113.40',
      },
      payload: new URLSearchParams({
        crumb: late.crumb,
        path: '/secret',
        password: PAGE_PASSWORD,
      }).toString(),
    });
    expect(right.statusCode).toBe(429);
  });
});
