/**
 * CLDR data for site languages other than English: the template engine ships only the English
 * pack and asks its host for the others (src/template/plugins/i18n/packs.ts). The server reads
 * them from the installed @phensley/cldr package, synchronously (the engine's loader is sync)
 * and once per language (the engine keeps the CLDR instances it builds). A language without a
 * pack, or a name that is not a language code, loads nothing: the engine falls back to en-US.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { registerCldrPackLoader } from '../../template/index.ts';

const require = createRequire(import.meta.url);
/** Language subtags only ("fr", "de", "zh"): the name becomes a file name. */
const LANGUAGE = /^[a-z]{2,3}$/;

export function cldrPackDirectory(): string {
  return path.join(path.dirname(require.resolve('@phensley/cldr/packs/en.json')));
}

/** The pack of one language, or undefined when there is none. */
export function readCldrPack(language: string, directory = cldrPackDirectory()): unknown {
  if (!LANGUAGE.test(language)) return undefined;
  try {
    return JSON.parse(readFileSync(path.join(directory, `${language}.json`), 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Lets the engine format money, numbers and dates in every language of the CLDR package. */
export function registerServerCldrPacks(): void {
  const directory = cldrPackDirectory();
  registerCldrPackLoader((language) => readCldrPack(language, directory));
}
