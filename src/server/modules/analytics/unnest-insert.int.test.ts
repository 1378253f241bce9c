import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/helpers/db.ts';
import type { Database } from '../../db/index.ts';
import { analyticsEvents } from '../../db/schema-analytics.ts';
import { sites } from '../../db/schema.ts';
import { unnestInsert } from './unnest-insert.ts';

let database: Database;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ database, cleanup } = await createTestDatabase());
  await database.db.insert(sites).values({ id: 's1', title: 'Site' });
});
afterAll(() => cleanup());

interface Row {
  name: string;
  visitor: string | null;
  data: Record<string, unknown>;
}

describe('unnestInsert', () => {
  it('writes many rows in one statement, keeping quotes, backslashes, braces, commas, unicode and nulls', async () => {
    const inserter = unnestInsert<Row>(database.db, 'analytics_events', [
      { name: 'site_id', type: 'text', value: () => 's1' },
      { name: 'source', type: 'text', value: () => 'census' },
      { name: 'kind', type: 'text', value: () => 'page_view' },
      { name: 'event_name', type: 'text', value: (row) => row.name },
      { name: 'visitor_id', type: 'text', value: (row) => row.visitor },
      { name: 'data', type: 'jsonb', value: (row) => JSON.stringify(row.data) },
    ]);
    const tricky = `a"b\\c{d},e'f NULL ☃`;
    const rows: Row[] = Array.from({ length: 250 }, (_, index) => ({
      name: `${tricky}${index}`,
      visitor: index % 2 === 0 ? null : `v${index}`,
      data: { text: tricky, index, nested: { list: [1, null, 'x'] } },
    }));
    await inserter.insert(rows);
    await inserter.insert([]);
    const stored = await database.db.select().from(analyticsEvents).orderBy(analyticsEvents.id);
    expect(stored).toHaveLength(250);
    expect(stored[0]).toMatchObject({
      eventName: `${tricky}0`,
      visitorId: null,
      data: rows[0]?.data,
    });
    expect(stored[249]).toMatchObject({ eventName: `${tricky}249`, visitorId: 'v249' });
  });

  it('a row breaking a constraint fails the whole statement, storing nothing of it', async () => {
    const before = (await database.db.select().from(analyticsEvents)).length;
    const inserter = unnestInsert<{ kind: string }>(database.db, 'analytics_events', [
      { name: 'site_id', type: 'text', value: () => 's1' },
      { name: 'source', type: 'text', value: () => 'census' },
      { name: 'kind', type: 'text', value: (row) => row.kind },
      { name: 'event_name', type: 'text', value: () => 'e' },
      { name: 'data', type: 'jsonb', value: () => '{}' },
    ]);
    await expect(
      inserter.insert([{ kind: 'page_view' }, { kind: 'not-a-kind' }]),
    ).rejects.toThrow();
    expect(await database.db.select().from(analyticsEvents)).toHaveLength(before);
  });
});
