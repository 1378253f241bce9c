/**
 * CPU time processes used, from Linux's /proc: user plus system time, in milliseconds. Divided by
 * the requests a load run made, it is what one request costs each party on the machine (the
 * server, PostgreSQL, the load generator), a figure that moves far less with other work on the
 * machine than requests per second do (a busy machine slows the server down; it does not make a
 * request take more instructions). Undefined where /proc is not there.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

/** USER_HZ, the unit of /proc/<pid>/stat's times (100 on every common Linux). */
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    const answer = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    ticksPerSecond = Number.isFinite(answer) && answer > 0 ? answer : 100;
  }
  return ticksPerSecond;
}

export interface ProcStat {
  /** The executable's name (field 2), e.g. "postgres" for every PostgreSQL process. */
  readonly comm: string;
  readonly ppid: number;
  /** utime + stime, in clock ticks. */
  readonly ticks: number;
}

/** One /proc/<pid>/stat line, read. */
export function parseStat(text: string): ProcStat {
  // The command name (field 2) is in parentheses and may hold spaces: read after the last ')'.
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const fields = text.slice(close + 2).split(' ');
  // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
  return { comm, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // gone since the directory was listed
  }
}

/** Every process's stat by pid; undefined without /proc. */
function allStats(): Map<number, ProcStat> | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const stats = new Map<number, ProcStat>();
  for (const entry of entries) {
    const text = readText(`/proc/${entry}/stat`);
    if (text) stats.set(Number(entry), parseStat(text));
  }
  return stats;
}

function ticksToMs(ticks: number): number {
  return (ticks * 1_000) / clockTicks();
}

/** CPU ms used so far by `pid` and every process below it; undefined without /proc. */
export function processTreeCpuMs(pid: number): number | undefined {
  const stats = allStats();
  if (!stats?.has(pid)) return undefined;
  const tree = new Set([pid]);
  // Parents are listed before their children only by accident: repeat until nothing is added.
  for (let grew = true; grew;) {
    grew = false;
    for (const [candidate, stat] of stats) {
      if (!tree.has(candidate) && tree.has(stat.ppid)) {
        tree.add(candidate);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const member of tree) ticks += stats.get(member)?.ticks ?? 0;
  return ticksToMs(ticks);
}

/**
 * The database a PostgreSQL backend serves, from its process title
 * ("postgres: 15/main: user database 127.0.0.1(5432) idle"); undefined for the server's own
 * processes (postmaster, checkpointer, WAL writer, autovacuum launcher…), which serve them all.
 */
export function backendDatabase(title: string): string | undefined {
  return / (\S+) (\S+) (?:\S+\(\d+\)|\[local\]) /.exec(`${title.trim()} `)?.[2];
}

/**
 * CPU ms used so far by the PostgreSQL processes that work for `database`: its backends and the
 * server's shared processes (WAL writer, checkpointer, background writer, autovacuum), which do the
 * writes' deferred work. Backends of other databases (other work on a shared server) are left out,
 * and so are backends that exited (the pools keep theirs for the whole run). Undefined without
 * /proc or when no PostgreSQL process runs on this machine.
 */
export function postgresCpuMs(database: string): number | undefined {
  const stats = allStats();
  if (!stats) return undefined;
  let ticks = 0;
  let found = false;
  for (const [pid, stat] of stats) {
    if (stat.comm !== 'postgres') continue;
    const title = readText(`/proc/${pid}/cmdline`)?.replaceAll('\0', ' ') ?? '';
    const served = backendDatabase(title);
    if (served !== undefined && served !== database) continue;
    found = true;
    ticks += stat.ticks;
  }
  return found ? ticksToMs(ticks) : undefined;
}

/** CPU ms this process (every thread of it) used so far: the load generator's own cost. */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1_000;
}
