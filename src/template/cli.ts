// `npm run --silent jsont -- batch` reads golden cases (the format of
// ../shared/conformance/jsont/cases.json) on stdin and writes [{ id, output, errors }];
// `npm run --silent jsont -- render TEMPLATE_FILE JSON_FILE` prints one render.
// The one file of src/template allowed node:* (it reads files and the CLDR packs).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseCases, runCases } from './golden.ts';
import { createEngine } from './index.ts';
import { registerCldrPackLoader } from './plugins/i18n/index.ts';

const require = createRequire(import.meta.url);

/** Loads @phensley/cldr resource packs from the installed package. */
export function registerNodePackLoader(): void {
  registerCldrPackLoader((language) => {
    const file = require.resolve(`@phensley/cldr/packs/${language}.json`);
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  });
}

function readStdin(): string {
  return readFileSync(0, 'utf8');
}

const USAGE = 'usage: jsont batch < cases.json\n       jsont render TEMPLATE_FILE JSON_FILE';

function main(argv: readonly string[]): number {
  registerNodePackLoader();
  const [command, ...rest] = argv;
  if (command === 'batch') {
    const results = runCases(parseCases(JSON.parse(readStdin())));
    process.stdout.write(`${JSON.stringify(results)}\n`);
    return 0;
  }
  if (command === 'render' && rest.length === 2) {
    const [templateFile = '', jsonFile = ''] = rest;
    const { output, errors } = createEngine().render(
      readFileSync(templateFile, 'utf8'),
      JSON.parse(readFileSync(jsonFile, 'utf8')),
    );
    process.stdout.write(output);
    for (const e of errors)
      process.stderr.write(`${templateFile}:${e.line}:${e.column}: ${e.code}: ${e.message}\n`);
    return 0;
  }
  process.stderr.write(`${USAGE}\n`);
  return 2;
}

process.exitCode = main(process.argv.slice(2));
