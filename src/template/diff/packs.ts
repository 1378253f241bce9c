// The CLDR packs of the harness's locales, read by both engines.
import de from '@phensley/cldr/packs/de.json' with { type: 'json' };
import en from '@phensley/cldr/packs/en.json' with { type: 'json' };
import fr from '@phensley/cldr/packs/fr.json' with { type: 'json' };
import ja from '@phensley/cldr/packs/ja.json' with { type: 'json' };

export const diffPacks: Readonly<Record<string, unknown>> = { de, en, fr, ja };

/** The locales the harness renders in; `none` is the golden cases' "no locale data". */
export const DIFF_LOCALES = ['en-US', 'fr-FR', 'de-DE', 'ja-JP', 'en-GB', 'none'] as const;
