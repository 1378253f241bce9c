/**
 * Self time by function in a V8 CPU profile (the `.cpuprofile` files BENCH_CPU_PROF writes), over
 * a window of the process's life, so the load's share can be read apart from start-up:
 *
 *   npx tsx bench/lib/profile-summary.ts <file.cpuprofile> [fromS] [toS] [top]
 *
 * fromS / toS are seconds since the profile began (default: all of it); top is how many rows to
 * print (default 40). Rows are function, file:line, self ms and share of the busy (non-idle) time;
 * a last block sums self time by package (node_modules/<name>), Node's internals and our code.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

function where(url: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  if (url === '' || url.startsWith('node:')) return 'node internals / native';
  return url.includes('/src/') ? 'vitrine src' : url;
}

function main(): void {
  const [file, fromArg, toArg, topArg] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-summary <file.cpuprofile> [fromS] [toS] [top]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const from = Number(fromArg ?? 0) * 1e6;
  const to = toArg === undefined ? Infinity : Number(toArg) * 1e6;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let clock = 0;
  let busy = 0;
  let idle = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    clock += delta;
    if (clock < from || clock > to) return;
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    if (frame.functionName === '(idle)') {
      idle += delta;
      return;
    }
    busy += delta;
    const short = frame.url.replace(/^.*\/(node_modules|src)\//, '$1/');
    const key = `${frame.functionName || '(anonymous)'}  ${short}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + delta);
    const place = where(frame.url);
    byPlace.set(place, (byPlace.get(place) ?? 0) + delta);
  });
  const ms = (us: number) => (us / 1000).toFixed(0);
  const share = (us: number) => `${((100 * us) / busy).toFixed(1)}%`;
  console.log(`window busy ${ms(busy)} ms, idle ${ms(idle)} ms`);
  const top = Number(topArg ?? 40);
  for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${ms(us).padStart(7)} ms ${share(us).padStart(6)}  ${key}`);
  console.log('-- by place');
  for (const [place, us] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`${ms(us).padStart(7)} ms ${share(us).padStart(6)}  ${place}`);
}

main();
