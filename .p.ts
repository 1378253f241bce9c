import { readFileSync } from 'node:fs';
import { renderReference } from '/work/wt/jsont-diff/src/template/diff/reference.ts';
import { renderOurs } from '/work/wt/jsont-diff/src/template/diff/harness.ts';
const lines = readFileSync(0,'utf8').split('\n').filter(Boolean);
for (const l of lines) {
  const [t, j, loc, parts] = l.split('\t');
  const input = { template: t, context: JSON.parse(j ?? '{}'), partials: JSON.parse(parts ?? '{}'), injects: {}, locale: loc || 'en-US', now: 1700000000000 };
  const r = renderReference(input); const o = renderOurs(input);
  console.log((String(r) === o ? 'SAME ' : 'DIFF ') + JSON.stringify(t) + '\n   ref ' + JSON.stringify(String(r)) + '\n   our ' + JSON.stringify(o));
}
