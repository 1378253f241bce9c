/**
 * Several processes (docs/scaling.md): three real `vitrine serve` processes on one PostgreSQL
 * database. One shopper's journey — add to cart, log in, check out under an Idempotency-Key and
 * retry it, solve a captcha and submit the form, replay the solution — gets the same answers
 * when its requests go round-robin to the three as when one process serves them all. An owner's
 * edit made through one process shows on the others through the site-change notices: their
 * cache TTL is an hour, so only a notice can make it show.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { randomInt } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WEBSITE_ROLES } from '../../src/shared/roles.ts';
import type { Database } from '../../src/server/db/index.ts';
import { DEMO_SITE_FILE, demoImport, readSiteFile } from '../../src/server/main.ts';
import { importSite } from '../../src/server/modules/site-import/index.ts';
import { addCheckoutProducts, ITEMS, setCheckoutSettings } from '../helpers/checkout-fixtures.ts';
import { createTestDatabase, describeWithPostgres, type TestDatabase } from '../helpers/db.ts';
import {
  addToCart,
  checkout,
  newHttpShopper,
  orderIdOf,
  type HttpAnswer,
  type HttpShopper,
} from '../helpers/http-shopper.ts';
import {
  SERVED_BY,
  startRoundRobinProxy,
  type RoundRobinProxy,
} from '../helpers/round-robin-proxy.ts';
import {
  ensureClientBundle,
  startServerProcess,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { insertOwner, insertSiteUser, PASSWORD } from '../helpers/site-users.ts';
import { setStock } from '../helpers/store-audit.ts';

const PROCESSES = 3;
const PROTECTED_FORM = {
  id: 'protected',
  name: 'Protected',
  captchaEnabled: true,
  fields: [{ id: 'email', type: 'email', required: true }],
};
/** An hour: within this test, a page can only change on a process that was told. */
const LONG_TTL_MS = String(60 * 60 * 1000);
/** Generous for a loaded machine; the notice itself takes milliseconds (printed). */
const VISIBLE_WITHIN_MS = 10_000;

function freshAddress(): string {
  return `10.${randomInt(40, 250)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** The demo with a captcha-protected form, the checkout fixtures and plenty of stock. */
async function prepareStore(database: Database, dataDir: string): Promise<void> {
  const demo = (await readSiteFile(DEMO_SITE_FILE)) as {
    website: { settings?: object };
    forms?: object[];
  };
  await importSite(
    database,
    {
      ...demo,
      website: {
        ...demo.website,
        settings: { ...demo.website.settings, captchaSettings: { siteKey: 'altcha-on' } },
      },
      forms: [...(demo.forms ?? []), PROTECTED_FORM],
    },
    demoImport(dataDir),
  );
  await setCheckoutSettings(database.db);
  await addCheckoutProducts(database.db);
  await setStock(database.db, ITEMS.scarce.variantId, 1_000);
}

interface Step {
  readonly step: string;
  readonly status: number;
  /** What the answer says that must not depend on which process gave it. */
  readonly says: unknown;
}

/** A shopper's journey; returns what each answer said and which process gave it. */
async function journey(
  origin: string,
  email: string,
): Promise<{ steps: Step[]; servedBy: (string | null)[] }> {
  const shopper = await newHttpShopper(origin, freshAddress());
  const steps: Step[] = [];
  const servedBy: (string | null)[] = [];
  const record = (step: string, answer: HttpAnswer, says: unknown = answer.body) => {
    steps.push({ step, status: answer.status, says });
    servedBy.push(answer.headers.get(SERVED_BY));
    return answer;
  };
  const cartQuantities = (answer: HttpAnswer) =>
    (answer.body as { entries?: { itemId: string; quantity: number }[] }).entries?.map((entry) => [
      entry.itemId,
      entry.quantity,
    ]);

  record('add', await addToCart(shopper), 'added');
  record('add again', await addToCart(shopper), 'added');
  const cart = await shopper.request('GET', '/api/commerce/shopping-cart');
  record('cart', cart, cartQuantities(cart));
  const login = await shopper.request('POST', '/api/site-users/account/session', {
    body: { email, password: PASSWORD, rememberMe: false },
  });
  record('log in', login, (login.body as { email?: string }).email ?? login.body);
  const cartAfterLogin = await shopper.request('GET', '/api/commerce/shopping-cart');
  record('cart after login', cartAfterLogin, cartQuantities(cartAfterLogin));

  const key = `several-${freshAddress()}`;
  const placed = record('checkout', await checkout(shopper, key), 'order');
  const retried = record('checkout retried', await checkout(shopper, key), 'order');
  steps.push({
    step: 'retry answers the same order',
    status: 0,
    says: orderIdOf(retried) === orderIdOf(placed),
  });

  await captchaSteps(shopper, record);
  return { steps, servedBy };
}

/** Challenge from one process, submission key and form from the next ones, then a replay. */
async function captchaSteps(
  shopper: HttpShopper,
  record: (step: string, answer: HttpAnswer, says?: unknown) => HttpAnswer,
): Promise<void> {
  const challengeAnswer = record(
    'captcha challenge',
    await shopper.request('GET', '/api/vitrine/captcha/challenge'),
    'challenge',
  );
  const challenge = challengeAnswer.body as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  const captchaKey = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const submit = async (step: string) => {
    const keyAnswer = record(
      `${step}: submission key`,
      await shopper.request('POST', '/api/form/FormSubmissionKey'),
      'key',
    );
    const { key } = keyAnswer.body as { key: string };
    const saved = await shopper.request('POST', '/api/form/SaveFormSubmission', {
      body: {
        key,
        formId: PROTECTED_FORM.id,
        form: JSON.stringify({ email: 'ann@example.com' }),
        pageTitle: 'Contact',
        pageId: 'contact',
        contentSource: 'c',
        pagePath: '/contact',
        captchaKey,
      },
    });
    // A new submission's id is its own; that it has one is what must not differ.
    const { submissionId, ...says } = saved.body as { submissionId?: unknown };
    return record(step, saved, { ...says, submissionId: typeof submissionId });
  };
  await submit('form with the solved captcha');
  await submit('form replaying the same solution');
}

describeWithPostgres('several processes on one database', () => {
  let testDatabase: TestDatabase;
  let servers: ServerProcess[] = [];
  let proxy: RoundRobinProxy;

  beforeAll(async () => {
    await ensureClientBundle();
    testDatabase = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-store-'));
    await prepareStore(testDatabase.database, dataDir);
    const env = {
      TRUSTED_PROXIES: '127.0.0.1',
      ALTCHA_MAX_NUMBER: '300',
      SITE_CACHE_TTL_MS: LONG_TTL_MS,
    };
    const databaseUrl = testDatabase.scopedUrl ?? '';
    servers = await Promise.all(
      Array.from({ length: PROCESSES }, () => startServerProcess(databaseUrl, env)),
    );
    proxy = await startRoundRobinProxy(servers.map((server) => server.url));
  }, 300_000);
  afterAll(async () => {
    await proxy?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await testDatabase?.cleanup();
  });

  it(`a shopper's requests round-robin over ${PROCESSES} processes get the answers one process gives`, async () => {
    const { db } = testDatabase.database;
    await insertSiteUser(db, 'one@example.com');
    await insertSiteUser(db, 'many@example.com');
    const [first] = servers;
    if (!first) throw new Error('servers expected');
    const alone = await journey(first.url, 'one@example.com');
    const spread = await journey(proxy.url, 'many@example.com');

    const normalised = (steps: Step[]) =>
      steps.map((step) => ({
        ...step,
        says: step.step === 'log in' ? 'the account' : step.says,
      }));
    expect(normalised(spread.steps)).toEqual(normalised(alone.steps));
    // What the journey must say, whoever serves it.
    expect(alone.steps.map((step) => [step.step, step.status])).toEqual([
      ['add', 200],
      ['add again', 200],
      ['cart', 200],
      ['log in', 200],
      ['cart after login', 200],
      ['checkout', 201],
      ['checkout retried', 200],
      ['retry answers the same order', 0],
      ['captcha challenge', 200],
      ['form with the solved captcha: submission key', 200],
      ['form with the solved captcha', 200],
      ['form replaying the same solution: submission key', 200],
      ['form replaying the same solution', 400],
    ]);
    expect(alone.steps.find((step) => step.step === 'retry answers the same order')?.says).toBe(
      true,
    );
    // Every process served part of the spread journey, and consecutive steps changed process.
    expect(new Set(spread.servedBy)).toEqual(new Set(servers.map((server) => server.url)));
  }, 120_000);

  it('an owner edit through one process shows on the others through the change notice', async () => {
    const [editor, ...others] = servers;
    if (!editor || others.length === 0) throw new Error('servers expected');
    await insertOwner(testDatabase.database.db, 'owner@example.com', WEBSITE_ROLES.STORE_MANAGER);
    const page = '/shop/p/linen-shirt';
    const title = `Linen Shirt ${randomInt(1_000, 9_999)}`;
    // The others have the page cached, with the title as it was.
    for (const server of others) {
      const before = await fetch(`${server.url}${page}`);
      expect(before.status).toBe(200);
      expect(await before.text()).not.toContain(title);
    }
    const owner = await newHttpShopper(editor.url, freshAddress());
    const login = await owner.request('POST', '/api/vitrine/owner/session', {
      body: { email: 'owner@example.com', password: PASSWORD },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const edited = await owner.request('PATCH', '/api/vitrine/owner/products/linen-shirt', {
      body: { title },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const editedAt = performance.now();

    const delays = await Promise.all(
      others.map(async (server) => {
        for (;;) {
          const html = await (await fetch(`${server.url}${page}`)).text();
          if (html.includes(title)) return performance.now() - editedAt;
          if (performance.now() - editedAt > VISIBLE_WITHIN_MS)
            throw new Error(`${server.url} still shows the old title`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }),
    );
    console.info(
      `site change notice: the edit showed on the other processes after ${delays
        .map((ms) => `${Math.round(ms)} ms`)
        .join(' and ')} (cache TTL ${LONG_TTL_MS} ms)`,
    );
  }, 60_000);
});
