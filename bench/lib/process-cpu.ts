/**
 * CPU time a server process and its children (cluster workers) used, from Linux's /proc: user
 * plus system time, in milliseconds. Divided by the requests a load run made, it is what one
 * request costs the server, a figure that moves far less with other work on the machine than
 * requests per second do (a busy machine slows the server down; it does not make a request take
 * more instructions). Undefined where /proc is not there.
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

interface ProcStat {
  readonly ppid: number;
  /** utime + stime, in clock ticks. */
  readonly ticks: number;
}

function readStat(pid: string): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // gone since the directory was listed
  }
  // The command name (field 2) is in parentheses and may hold spaces: read after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
  return {
    ppid: Number(fields[1]),
    ticks: Number(fields[11]) + Number(fields[12]),
  };
}

/** CPU ms used so far by `pid` and every process below it; undefined without /proc. */
export function processTreeCpuMs(pid: number): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const stats = new Map<number, ProcStat>();
  for (const entry of entries) {
    const stat = readStat(entry);
    if (stat) stats.set(Number(entry), stat);
  }
  if (!stats.has(pid)) return undefined;
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
  return (ticks * 1_000) / clockTicks();
}
