import { describe, expect, it } from 'vitest';
import { readCldrPack } from './cldr-packs.ts';

describe('readCldrPack', () => {
  it('reads the installed pack of a language', () => {
    expect(readCldrPack('fr')).toBeTypeOf('object');
    expect(readCldrPack('de')).toBeTypeOf('object');
  });

  it('loads nothing for a language without a pack or a name that is not a language', () => {
    expect(readCldrPack('qq')).toBeUndefined();
    for (const name of ['../en', 'fr/../../x', 'FR', 'en-US', ''])
      expect(readCldrPack(name)).toBeUndefined();
  });
});
