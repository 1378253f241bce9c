import { describe, expect, it } from 'vitest';
import { budgetVerdict, costPerRequest, partyColumns, type PartyReading } from './cpu-parties.ts';
import { backendDatabase, parseStat } from './process-cpu.ts';

describe('parseStat', () => {
  it('reads the name, parent and user + system ticks, whatever the name holds', () => {
    const line =
      '4242 (postgres: a) b) S 2221 4242 4242 0 -1 4194304 10 0 0 0 70 30 5 6 20 0 1 0 3441';
    expect(parseStat(line)).toEqual({ comm: 'postgres: a) b', ppid: 2221, ticks: 100 });
  });
});

describe('backendDatabase', () => {
  it('names the database of a client backend, over TCP or a local socket', () => {
    expect(
      backendDatabase('postgres: 15/main: postgres vitrine_bench_ab12 127.0.0.1(50312) idle   '),
    ).toBe('vitrine_bench_ab12');
    expect(backendDatabase('postgres: 15/main: app test [local] UPDATE')).toBe('test');
  });

  it('names none for the server’s own processes, which serve every database', () => {
    for (const title of [
      'postgres: 15/main: checkpointer   ',
      'postgres: 15/main: walwriter ',
      'postgres: 15/main: autovacuum launcher ',
      '/usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql/15/main -c config_file=/etc/x.conf',
    ])
      expect(backendDatabase(title), title).toBeUndefined();
  });
});

describe('costPerRequest', () => {
  const before: PartyReading = { server: 1_000, postgres: 500, loadGenerator: 200 };

  it('splits each party’s CPU over the requests and bounds the rate on the cores', () => {
    const after: PartyReading = { server: 2_000, postgres: 1_100, loadGenerator: 600 };
    const cost = costPerRequest(before, after, 2_000, 2);
    expect(cost).toEqual({
      server: 0.5,
      postgres: 0.3,
      loadGenerator: 0.2,
      serverSide: 0.8,
      total: 1,
      boundPerS: 2_000,
      serverSideBoundPerS: 2_500,
    });
  });

  it('counts the server alone as the server side when PostgreSQL runs inside it (PGlite)', () => {
    const cost = costPerRequest(
      { server: 0, postgres: undefined, loadGenerator: 0 },
      { server: 400, postgres: undefined, loadGenerator: 100 },
      1_000,
      2,
    );
    expect(cost?.postgres).toBeUndefined();
    expect(cost?.serverSide).toBe(0.4);
    expect(cost?.serverSideBoundPerS).toBe(5_000);
    expect(cost?.boundPerS).toBe(4_000);
  });

  it('has no figure for a run without requests or without the server’s reading', () => {
    expect(costPerRequest(before, before, 0, 2)).toBeUndefined();
    const unread = costPerRequest(
      { ...before, server: undefined },
      { ...before, server: undefined },
      10,
      2,
    );
    expect(unread?.total).toBeUndefined();
    expect(unread?.boundPerS).toBeUndefined();
  });
});

describe('partyColumns', () => {
  it('sets the server side’s bound against the reference rate', () => {
    const cost = costPerRequest(
      { server: 0, postgres: 0, loadGenerator: 0 },
      { server: 600, postgres: 400, loadGenerator: 100 },
      1_000,
      2,
    );
    const columns = partyColumns(cost, 700, 10_000);
    expect(columns['bound/s (server+db)']).toBe('2000');
    expect(columns['server+db bound vs /healthz']).toBe('0.2x');
    expect(columns['PostgreSQL ms']).toBe('0.4');
  });
});

describe('budgetVerdict', () => {
  const zero: PartyReading = { server: 0, postgres: 0, loadGenerator: 0 };
  const cost = (server: number, postgres: number, loadGenerator: number) =>
    costPerRequest(zero, { server, postgres, loadGenerator }, 1, 2);
  // /healthz costs every party 0.4 ms: at 0.2× its rate an operation may cost 2 ms in all.
  const healthz = cost(0.25, 0, 0.15);

  it('allows the ratio when every party’s CPU fits in /healthz’s sum over it', () => {
    expect(budgetVerdict('add', cost(1, 0.5, 0.2), healthz, 0.2)).toMatch(
      /is 1.7 ms against \/healthz's 0.4 \(0.235×\); 0.2× \/healthz allows 2 ms; .* take 0.7, leaving the server 1.3 ms \(it spends 1\): the CPU allows it/,
    );
  });

  it('says by how much the server would have to shrink', () => {
    expect(budgetVerdict('add', cost(2, 0.5, 0.5), healthz, 0.2)).toMatch(
      /leaving the server 1 ms \(it spends 2\): out of reach unless the server's CPU per request falls 50%/,
    );
  });

  it('says when PostgreSQL and the load generator alone take more than the budget', () => {
    expect(budgetVerdict('add', cost(1, 1.6, 0.5), healthz, 0.2)).toMatch(
      /out of reach on this machine whatever the server does/,
    );
  });
});
