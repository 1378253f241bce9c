import { readFileSync } from 'node:fs';
import { parseCases, passes, runCase } from './src/template/golden.ts';
import { createEngine } from './src/template/index.ts';
import { registerCldrPackLoader } from './src/template/plugins/i18n/index.ts';
registerCldrPackLoader((l) => JSON.parse(readFileSync(`node_modules/@phensley/cldr/packs/${l}.json`, 'utf8')));
const cases = parseCases(JSON.parse(readFileSync('/work/shared/conformance/jsont/cases.json', 'utf8')));
const e = createEngine(); const fail: string[] = [];
for (const c of cases) if (!passes(c, runCase(e, c).output)) fail.push(c.id);
console.log(cases.length - fail.length, 'pass'); console.log(fail.join('\n'));
