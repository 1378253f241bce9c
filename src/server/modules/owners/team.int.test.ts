import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { ownerVisitor } from '../../../../test/helpers/owners.ts';
import { insertOwner } from '../../../../test/helpers/site-users.ts';
import { WEBSITE_ROLES } from '../../../shared/roles.ts';
import { schema } from '../../db/index.ts';
import { OWNER_TEAM_PATH } from './team-routes.ts';

let harness: TestApp;
let app: FastifyInstance;
let adminId: string;

beforeAll(async () => {
  harness = await createTestApp({ importDemo: true });
  app = harness.app;
  adminId = await insertOwner(harness.database.db, 'admin@example.com', WEBSITE_ROLES.ADMIN);
  await insertOwner(harness.database.db, 'editor@example.com', WEBSITE_ROLES.EDITOR);
});
afterAll(() => harness.close());

const owners = () => harness.database.db.$count(schema.ownerAccounts);

describe('the owner team API', () => {
  it('is for ADMINs only: 401 without a login, 403 for an EDITOR', async () => {
    expect((await app.inject({ url: OWNER_TEAM_PATH })).statusCode).toBe(401);
    const { visitor, xsrfToken } = await ownerVisitor(app, 'editor@example.com');
    const list = await visitor.inject({ url: OWNER_TEAM_PATH });
    expect(list.statusCode).toBe(403);
    expect(list.json().error.code).toBe('OWNER_FORBIDDEN');
    const before = await owners();
    const add = await visitor.inject({
      method: 'POST',
      url: OWNER_TEAM_PATH,
      headers: { 'x-csrf-token': xsrfToken },
      payload: { email: 'sneaky@example.com', role: WEBSITE_ROLES.ADMIN },
    });
    expect(add.statusCode).toBe(403);
    expect(await owners()).toBe(before);
  });

  it('lists the owners, adds one with a temporary password that logs in, and refuses a duplicate', async () => {
    const { visitor, xsrfToken } = await ownerVisitor(app, 'admin@example.com');
    const list = await visitor.inject({ url: OWNER_TEAM_PATH });
    expect(list.json().owners.map((owner: { email: string }) => owner.email)).toEqual([
      'admin@example.com',
      'editor@example.com',
    ]);
    const add = await visitor.inject({
      method: 'POST',
      url: OWNER_TEAM_PATH,
      headers: { 'x-csrf-token': xsrfToken },
      payload: { email: 'Stock@Example.com', role: WEBSITE_ROLES.STORE_MANAGER },
    });
    expect(add.statusCode).toBe(201);
    const { owner, temporaryPassword } = add.json();
    expect(owner).toMatchObject({ email: 'Stock@Example.com', role: 8, roleName: 'STORE_MANAGER' });
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    await ownerVisitor(app, 'stock@example.com', temporaryPassword);

    const before = await owners();
    const again = await visitor.inject({
      method: 'POST',
      url: OWNER_TEAM_PATH,
      headers: { 'x-csrf-token': xsrfToken },
      payload: { email: 'stock@example.com', role: WEBSITE_ROLES.VIEWER },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'OWNER_EXISTS',
      message: 'An owner with this email already exists.',
    });
    const bad = await visitor.inject({
      method: 'POST',
      url: OWNER_TEAM_PATH,
      headers: { 'x-csrf-token': xsrfToken },
      payload: { email: 'not-an-email', role: 5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['email', 'role']);
    expect(await owners()).toBe(before);
  });

  it('refuses a write without the xsrfToken', async () => {
    const { visitor } = await ownerVisitor(app, 'admin@example.com');
    const response = await visitor.inject({
      method: 'POST',
      url: OWNER_TEAM_PATH,
      csrf: false,
      payload: { email: 'x@example.com', role: WEBSITE_ROLES.VIEWER },
    });
    expect(response.statusCode).toBe(403);
  });

  it("changes a role and ends that owner's logins", async () => {
    const admin = await ownerVisitor(app, 'admin@example.com');
    const editor = await ownerVisitor(app, 'editor@example.com');
    expect((await editor.visitor.inject({ url: '/api/vitrine/owner/session' })).statusCode).toBe(
      200,
    );
    const list = (await admin.visitor.inject({ url: OWNER_TEAM_PATH })).json();
    const editorId = list.owners.find(
      (o: { email: string }) => o.email === 'editor@example.com',
    ).id;
    const change = await admin.visitor.inject({
      method: 'PATCH',
      url: `${OWNER_TEAM_PATH}/${editorId}`,
      headers: { 'x-csrf-token': admin.xsrfToken },
      payload: { role: WEBSITE_ROLES.VIEWER },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().owners.find((o: { id: string }) => o.id === editorId).roleName).toBe(
      'VIEWER',
    );
    expect((await editor.visitor.inject({ url: '/api/vitrine/owner/session' })).statusCode).toBe(
      401,
    );
  });

  it('never demotes or removes the last ADMIN, and removes another owner', async () => {
    const admin = await ownerVisitor(app, 'admin@example.com');
    const headers = { 'x-csrf-token': admin.xsrfToken };
    const demote = await admin.visitor.inject({
      method: 'PATCH',
      url: `${OWNER_TEAM_PATH}/${adminId}`,
      headers,
      payload: { role: WEBSITE_ROLES.EDITOR },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toEqual({
      code: 'OWNER_LAST_ADMIN',
      message: 'The site must keep at least one owner with the ADMIN role.',
    });
    const remove = await admin.visitor.inject({
      method: 'DELETE',
      url: `${OWNER_TEAM_PATH}/${adminId}`,
      headers,
    });
    expect(remove.statusCode).toBe(409);
    expect((await admin.visitor.inject({ url: OWNER_TEAM_PATH })).statusCode).toBe(200);

    const list = (await admin.visitor.inject({ url: OWNER_TEAM_PATH })).json();
    const stock = list.owners.find((o: { email: string }) => o.email === 'Stock@Example.com');
    const removed = await admin.visitor.inject({
      method: 'DELETE',
      url: `${OWNER_TEAM_PATH}/${stock.id}`,
      headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().owners.map((o: { email: string }) => o.email)).not.toContain(
      'Stock@Example.com',
    );
    const missing = await admin.visitor.inject({
      method: 'DELETE',
      url: `${OWNER_TEAM_PATH}/${stock.id}`,
      headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});
