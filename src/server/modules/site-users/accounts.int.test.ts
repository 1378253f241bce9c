import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { newVisitor } from '../../../../test/helpers/session.ts';
import {
  accountCounts,
  insertSiteUser,
  login,
  PASSWORD,
} from '../../../../test/helpers/site-users.ts';
import { schema } from '../../db/index.ts';
import { RESET_EMAIL_INTERVAL_SECONDS, RESET_TOKEN_MINUTES } from './password-reset.ts';

const ACCOUNTS = '/api/vitrine/site-users/accounts';
const RESET = '/api/vitrine/site-users/password-reset';
let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example' } });
});
afterAll(() => harness.close());

describe('POST /api/vitrine/site-users/accounts', () => {
  it('creates an account (201) that can log in', async () => {
    const visitor = await newVisitor(harness.app);
    const response = await visitor.inject({
      method: 'POST',
      url: ACCOUNTS,
      payload: { email: ' Sam@Example.com ', password: 'a long password' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      siteUser: { id: expect.any(String), email: 'Sam@Example.com' },
    });
    const [row] = await harness.database.db
      .select()
      .from(schema.siteUsers)
      .where(eq(schema.siteUsers.emailKey, 'sam@example.com'));
    // scrypt with its own salt and parameters; never the password itself.
    expect(row).toMatchObject({ scryptN: 2 ** 15, scryptR: 8, scryptP: 1 });
    expect(row?.passwordHash).not.toContain('a long password');
    expect((await login(visitor, 'sam@example.com', 'a long password')).statusCode).toBe(200);
  });

  it('refuses the same email in another case with 409 and changes nothing', async () => {
    const visitor = await newVisitor(harness.app);
    const before = await accountCounts(harness.database.db);
    const response = await visitor.inject({
      method: 'POST',
      url: ACCOUNTS,
      payload: { email: 'SAM@example.COM', password: 'another password' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'ACCOUNT_EXISTS',
        message: 'An account with this email already exists. Log in or reset your password.',
      },
    });
    expect(await accountCounts(harness.database.db)).toEqual(before);
  });

  it.each([
    [
      'a short password',
      { email: 'new@example.com', password: 'short' },
      'password',
      'must be at least 8 characters',
    ],
    [
      'a huge password',
      { email: 'new@example.com', password: 'x'.repeat(1025) },
      'password',
      'is too long',
    ],
    [
      'a bad email',
      { email: 'new@', password: 'a long password' },
      'email',
      'is not a valid email address',
    ],
    [
      'a huge email',
      { email: `${'a'.repeat(250)}@example.com`, password: 'a long password' },
      'email',
      'is too long',
    ],
    ['no email', { password: 'a long password' }, 'email', expect.any(String)],
    [
      'a number as password',
      { email: 'new@example.com', password: 12345678 },
      'password',
      expect.any(String),
    ],
  ])(
    'refuses %s with 400 naming the field, and changes nothing',
    async (_name, payload, field, message) => {
      const visitor = await newVisitor(harness.app);
      const before = await accountCounts(harness.database.db);
      const response = await visitor.inject({ method: 'POST', url: ACCOUNTS, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { [field]: message } },
      });
      expect(await accountCounts(harness.database.db)).toEqual(before);
    },
  );

  it('needs the crumb', async () => {
    const visitor = await newVisitor(harness.app);
    const response = await visitor.inject({
      method: 'POST',
      url: ACCOUNTS,
      csrf: false,
      payload: { email: 'x@example.com', password: 'a long password' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('password reset', () => {
  async function requestReset(email: string) {
    const visitor = await newVisitor(harness.app);
    return visitor.inject({ method: 'POST', url: RESET, payload: { email } });
  }

  async function lastLink(): Promise<string> {
    const [email] = await harness.database.db
      .select()
      .from(schema.outbox)
      .orderBy(sql`${schema.outbox.createdAt} desc`)
      .limit(1);
    const match = /https?:\/\/[^/\s]+\/account\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(
      email?.textBody ?? '',
    );
    if (!match?.[1]) throw new Error(`no reset link in ${JSON.stringify(email?.textBody)}`);
    return match[1];
  }

  it('answers 202 {} for an account and for an unknown address alike; only the account gets an email', async () => {
    await insertSiteUser(harness.database.db, 'Kim@example.com');
    const known = await requestReset('kim@EXAMPLE.com');
    const unknown = await requestReset('nobody@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({});
    expect(unknown.json()).toEqual({});
    const emails = await harness.database.db.select().from(schema.outbox);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      kind: 'site-user-password-reset',
      toAddress: 'Kim@example.com',
      subject: 'Reset your password for Vitrine Demo Store',
    });
    expect(emails[0]?.textBody).toContain(`within ${RESET_TOKEN_MINUTES} minutes`);
    // The token is stored hashed and expires after an hour.
    const [token] = await harness.database.db
      .select({
        minutes: sql<number>`round(extract(epoch from ${schema.passwordResetTokens.expiresAt} - ${schema.passwordResetTokens.createdAt}) / 60)::int`,
        hash: schema.passwordResetTokens.tokenHash,
      })
      .from(schema.passwordResetTokens);
    expect(token?.minutes).toBe(60);
    expect(emails[0]?.textBody).not.toContain(token?.hash);
  });

  it(`sends at most one email per account per ${RESET_EMAIL_INTERVAL_SECONDS} s, still answering 202`, async () => {
    const before = await harness.database.db.$count(schema.outbox);
    expect((await requestReset('kim@example.com')).statusCode).toBe(202);
    expect(await harness.database.db.$count(schema.outbox)).toBe(before);
  });

  it('completes with the link: new password works, old does not, every login ended, the link is single-use', async () => {
    const token = await lastLink();
    const loggedIn = await newVisitor(harness.app);
    expect((await login(loggedIn, 'kim@example.com')).statusCode).toBe(200);
    const visitor = await newVisitor(harness.app);
    const done = await visitor.inject({
      method: 'POST',
      url: `${RESET}/complete`,
      payload: { token, password: 'brand new secret' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({});
    expect(await harness.database.db.$count(schema.siteUserSessions)).toBe(
      await harness.database.db.$count(
        schema.siteUserSessions,
        sql`site_user_id <> (select id from site_users where email_key = 'kim@example.com')`,
      ),
    );
    expect((await login(visitor, 'kim@example.com', PASSWORD)).statusCode).toBe(401);
    expect((await login(visitor, 'kim@example.com', 'brand new secret')).statusCode).toBe(200);
    const again = await visitor.inject({
      method: 'POST',
      url: `${RESET}/complete`,
      payload: { token, password: 'yet another secret' },
      headers: { 'x-csrf-token': visitor.cookies.get('crumb') ?? '' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: {
        code: 'RESET_LINK_INVALID',
        message:
          'This password reset link is invalid, expired or already used. Please request a new one.',
      },
    });
  });

  it('refuses an expired link and an unknown one with 400, changing nothing', async () => {
    await harness.database.db.update(schema.passwordResetTokens).set({
      createdAt: sql`now() - interval '2 hours'`,
      expiresAt: sql`now() - interval '1 hour'`,
    });
    expect((await requestReset('kim@example.com')).statusCode).toBe(202);
    const token = await lastLink();
    await harness.database.db.update(schema.passwordResetTokens).set({
      createdAt: sql`now() - interval '2 hours'`,
      expiresAt: sql`now() - interval '1 second'`,
    });
    const visitor = await newVisitor(harness.app);
    const before = await accountCounts(harness.database.db);
    const [userBefore] = await harness.database.db
      .select()
      .from(schema.siteUsers)
      .where(eq(schema.siteUsers.emailKey, 'kim@example.com'));
    for (const candidate of [token, 'A'.repeat(43)]) {
      const response = await visitor.inject({
        method: 'POST',
        url: `${RESET}/complete`,
        payload: { token: candidate, password: 'brand new secret 2' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'RESET_LINK_INVALID' } });
    }
    expect(await accountCounts(harness.database.db)).toEqual(before);
    const [userAfter] = await harness.database.db
      .select()
      .from(schema.siteUsers)
      .where(eq(schema.siteUsers.emailKey, 'kim@example.com'));
    expect(userAfter?.passwordHash).toBe(userBefore?.passwordHash);
  });

  it.each([
    ['a malformed token', { token: 'short', password: 'brand new secret' }, 'token'],
    ['a short new password', { token: 'A'.repeat(43), password: 'short' }, 'password'],
    ['no token', { password: 'brand new secret' }, 'token'],
  ])('refuses %s with 400', async (_name, payload, field) => {
    const visitor = await newVisitor(harness.app);
    const response = await visitor.inject({ method: 'POST', url: `${RESET}/complete`, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { [field]: expect.any(String) } },
    });
  });

  it('refuses a bad email on the request with 400 and sends nothing', async () => {
    const before = await harness.database.db.$count(schema.outbox);
    const response = await requestReset('not an email');
    expect(response.statusCode).toBe(400);
    expect(await harness.database.db.$count(schema.outbox)).toBe(before);
  });
});

describe('reset link origin', () => {
  it('uses PUBLIC_URL, never the Host header, when it is set', async () => {
    const visitor = await newVisitor(harness.app);
    await harness.database.db.delete(schema.passwordResetTokens);
    const response = await visitor.inject({
      method: 'POST',
      url: RESET,
      payload: { email: 'kim@example.com' },
      headers: { host: 'evil.example' },
    });
    expect(response.statusCode).toBe(202);
    const [email] = await harness.database.db
      .select()
      .from(schema.outbox)
      .orderBy(sql`${schema.outbox.createdAt} desc`)
      .limit(1);
    expect(email?.textBody).toContain('https://shop.example/account/reset-password?token=');
    expect(email?.textBody).not.toContain('evil.example');
  });
});
