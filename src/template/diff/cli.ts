// `npm run jsont:diff -- [count] [seed] [--shard i/n]`: renders `count` generated cases
// (default 1,000) with our engine and the reference, from `seed` (default 1), and prints each
// difference shrunk to its smallest form. Exits 1 when a difference is not a deliberate
// deviation. `--shard i/n` renders only the cases whose run index is i modulo n, so n
// processes share one run and their counts add up to it (src/template/README.md).
import { runDiff } from './harness.ts';
import { parseShard, WHOLE_RUN } from './shard.ts';

const args = process.argv.slice(2);
const at = args.indexOf('--shard');
const shard = at === -1 ? WHOLE_RUN : parseShard(args[at + 1] ?? '');
const positional = at === -1 ? args : [...args.slice(0, at), ...args.slice(at + 2)];
const count = Number(positional[0] ?? 1000);
const seed = Number(positional[1] ?? 1);
const maxShrunk = Number(process.env.JSONT_DIFF_SHRINK ?? 50);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed) || shard === null) {
  console.error('usage: npm run jsont:diff -- [count ≥ 1] [integer seed] [--shard i/n, 0 ≤ i < n]');
  process.exit(2);
}

const report = runDiff({
  count,
  seed,
  shard,
  maxShrunk,
  onProgress: (done, differing, unexplained) => {
    if (done % 5_000 === 0)
      console.error(`${done} cases, ${differing} differing, ${unexplained} unexplained`);
  },
});
for (const d of report.differences) {
  const { template, context, partials, injects, locale } = d.input;
  console.log(
    JSON.stringify(
      {
        deviation:
          d.deviation === null
            ? 'UNEXPLAINED'
            : d.deviation === 'several'
              ? 'several'
              : d.deviation.id,
        template,
        context,
        partials,
        injects,
        locale,
        ours: d.ours,
        reference: d.theirs,
      },
      null,
      1,
    ),
  );
}
const part = shard.of > 1 ? `, shard ${shard.part}/${shard.of} of ${count}` : '';
console.log(
  `${report.cases} cases (seed ${report.seed}${part}): ${report.differing} differing, ${report.referenceFailures} the reference could not render; ${report.unexplained} unexplained (${report.differences.length} shrunk below)`,
);
process.exit(report.unexplained > 0 ? 1 : 0);
