// One @phensley/cldr framework per process; a CLDR instance per locale, cached.
// Unknown locales and languages without a pack fall back to en-US.
import { CLDRFramework, type CLDR } from '@phensley/cldr';
import { loadPack } from './packs.ts';

const framework = new CLDRFramework({
  loader: (language: string): unknown => loadPack(language),
  packCacheSize: 16,
});
const instances = new Map<string, CLDR | null>();

/** `en_UK` and `en-UK` name the same locale. */
export function normalizeLocale(locale: string): string {
  return locale.replace(/_/g, '-');
}

/** The CLDR API for a locale; null for the `none` locale (no locale data). */
export function cldrFor(locale: string): CLDR | null {
  if (locale === 'none') return null;
  const known = instances.get(locale);
  if (known !== undefined) return known;
  const id = normalizeLocale(locale);
  let cldr = instances.get(id);
  if (cldr === undefined) {
    try {
      cldr = framework.get(id);
    } catch {
      cldr = id === 'en-US' ? null : cldrFor('en-US');
    }
    if (instances.size > 200) instances.clear();
    instances.set(id, cldr);
  }
  instances.set(locale, cldr);
  return cldr;
}
