/**
 * One-time owner links: the setup link a start with no owner prints creates the first ADMIN
 * once, within the hour; an ADMIN's invite queues a link in the outbox with which the invited
 * owner chooses a password. Spent, expired and unknown links are refused alike and change
 * nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { ownerVisitor } from '../../../../test/helpers/owners.ts';
import { newVisitor } from '../../../../test/helpers/session.ts';
import { insertOwner } from '../../../../test/helpers/site-users.ts';
import { WEBSITE_ROLES } from '../../../shared/roles.ts';
import { schema } from '../../db/index.ts';
import { createSetupLink } from './index.ts';
import { OWNER_INVITE_PATH, OWNER_SETUP_PATH } from './link-routes.ts';
import { OWNER_TEAM_PATH } from './team-routes.ts';

let harness: TestApp;
let siteId: string;

beforeAll(async () => {
  harness = await createTestApp({ importDemo: true });
  const [site] = await harness.database.db.select({ id: schema.sites.id }).from(schema.sites);
  siteId = site?.id ?? '';
});
afterAll(() => harness.close());

const owners = () => harness.database.db.$count(schema.ownerAccounts);

/** A visitor of the dashboard's setup or invite page: its crumb is the form's CSRF token. */
async function post(url: string, payload: object) {
  const visitor = await newVisitor(harness.app, '/config');
  return visitor.inject({ method: 'POST', url, payload });
}

const setup = (payload: object) => post(OWNER_SETUP_PATH, payload);

describe('the first owner setup link', () => {
  it('creates the first ADMIN once, and no link is made once an owner exists', async () => {
    expect(await owners()).toBe(0);
    const stale = await createSetupLink(harness.database, siteId);
    const token = await createSetupLink(harness.database, siteId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A newer link replaces the one printed before.
    const replaced = await setup({
      token: stale,
      email: 'first@example.com',
      password: 'a-long-password',
    });
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json().error.code).toBe('OWNER_LINK_INVALID');

    const weak = await setup({ token, email: 'first@example.com', password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields).toHaveProperty('password');
    expect(await owners()).toBe(0);

    const created = await setup({ token, email: 'First@example.com', password: 'a-long-password' });
    expect(created.statusCode).toBe(201);
    expect(created.json().owner.email).toBe('First@example.com');
    const [row] = await harness.database.db.select().from(schema.ownerAccounts);
    expect(row?.role).toBe(WEBSITE_ROLES.ADMIN);
    const { visitor } = await ownerVisitor(harness.app, 'first@example.com', 'a-long-password');
    expect(
      (await visitor.inject({ url: '/api/vitrine/owner/session' })).json().owner.roleName,
    ).toBe('ADMIN');

    const again = await setup({ token, email: 'second@example.com', password: 'a-long-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('OWNER_LINK_INVALID');
    expect(await owners()).toBe(1);
    expect(await createSetupLink(harness.database, siteId)).toBeUndefined();
  });

  it('refuses an expired link', async () => {
    await harness.database.db.delete(schema.ownerAccounts);
    const token = await createSetupLink(harness.database, siteId);
    await harness.database.db
      .update(schema.ownerLinks)
      .set({ createdAt: new Date(Date.now() - 2 * 3_600_000), expiresAt: new Date(Date.now() - 1) })
      .where(eq(schema.ownerLinks.kind, 'setup'));
    const expired = await setup({ token, email: 'late@example.com', password: 'a-long-password' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('OWNER_LINK_INVALID');
    expect(await owners()).toBe(0);
  });
});

describe('an invite link from the Team page', () => {
  it('queues the link in the outbox; the invited owner chooses a password with it, once', async () => {
    await insertOwner(harness.database.db, 'boss@example.com', WEBSITE_ROLES.ADMIN);
    const { visitor, xsrfToken } = await ownerVisitor(harness.app, 'boss@example.com');
    const added = await visitor.inject({
      method: 'POST',
      url: OWNER_TEAM_PATH,
      headers: { 'x-csrf-token': xsrfToken },
      payload: { email: 'helper@example.com', role: WEBSITE_ROLES.STORE_MANAGER, invite: true },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      owner: expect.objectContaining({ email: 'helper@example.com', roleName: 'STORE_MANAGER' }),
      inviteQueued: true,
    });
    const [mail] = await harness.database.db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.kind, 'owner-invite'));
    expect(mail?.toAddress).toBe('helper@example.com');
    const token = /\/config\/invite\?token=([A-Za-z0-9_-]{43})/.exec(mail?.textBody ?? '')?.[1];
    expect(token).toBeDefined();

    // Until the invite is used nobody can log in as the new owner.
    const early = await post('/api/vitrine/owner/session', {
      email: 'helper@example.com',
      password: 'chosen-password',
    });
    expect(early.statusCode).toBe(401);

    const accept = () => post(OWNER_INVITE_PATH, { token, password: 'chosen-password' });
    const accepted = await accept();
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ email: 'helper@example.com' });
    const { visitor: helper } = await ownerVisitor(
      harness.app,
      'helper@example.com',
      'chosen-password',
    );
    expect((await helper.inject({ url: '/api/vitrine/owner/session' })).statusCode).toBe(200);
    const reused = await accept();
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('OWNER_LINK_INVALID');
    const unknown = await post(OWNER_INVITE_PATH, {
      token: 'x'.repeat(43),
      password: 'chosen-password',
    });
    expect(unknown.statusCode).toBe(400);
  });
});
