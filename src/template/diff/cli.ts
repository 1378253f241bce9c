// `npm run jsont:diff -- [count] [seed]`: renders `count` generated cases (default 1,000)
// with our engine and the reference, from `seed` (default 1), and prints each difference
// shrunk to its smallest form. Exits 1 when a difference is not a deliberate deviation.
import { runDiff } from './harness.ts';

const count = Number(process.argv[2] ?? 1000);
const seed = Number(process.argv[3] ?? 1);
const maxShrunk = Number(process.env.JSONT_DIFF_SHRINK ?? 50);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run jsont:diff -- [count ≥ 1] [integer seed]');
  process.exit(2);
}

const report = runDiff({
  count,
  seed,
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
console.log(
  `${report.cases} cases (seed ${report.seed}): ${report.differing} differing, ${report.referenceFailures} the reference could not render; ${report.unexplained} unexplained (${report.differences.length} shrunk below)`,
);
process.exit(report.unexplained > 0 ? 1 : 0);
