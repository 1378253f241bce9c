// CLDR resource packs for @phensley/cldr. English ships with the engine; hosts that
// can read files register a loader for the other languages (the CLI and the server
// read node_modules/@phensley/cldr/packs/<language>.json).
import enPack from '@phensley/cldr/packs/en.json' with { type: 'json' };

export type PackLoader = (language: string) => unknown;

let loader: PackLoader | null = null;

/** Registers how packs of languages other than English are loaded (synchronously). */
export function registerCldrPackLoader(load: PackLoader): void {
  loader = load;
}

export function loadPack(language: string): unknown {
  if (language === 'en') return enPack;
  return loader ? loader(language) : undefined;
}
