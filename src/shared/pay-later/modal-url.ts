/**
 * Where the information popup's HTML comes from (docs/behaviour/pay-later.md#the-information-popup): by locale and theme, with a
 * fallback to en_US in the white theme. The server answers both from a configurable provider
 * URL or its local copy (src/server/modules/pay-later), so the browser only ever asks its own
 * origin (the CSP allows nothing else).
 */
import { FALLBACK_MODAL, LOCAL_MODAL_PATH } from './constants.ts';

export const MODAL_THEMES = ['white', 'black'] as const;
export type ModalTheme = (typeof MODAL_THEMES)[number];

export function modalUrl(locale: string, theme: ModalTheme, base = LOCAL_MODAL_PATH): string {
  return `${base}/${encodeURIComponent(locale)}/${theme}`;
}

/** The URLs to try in order: the shopper's locale and theme, then en_US white (once). */
export function modalUrls(locale: string, theme: ModalTheme, base = LOCAL_MODAL_PATH): string[] {
  const first = modalUrl(locale, theme, base);
  const fallback = modalUrl(FALLBACK_MODAL.locale, FALLBACK_MODAL.theme, base);
  return first === fallback ? [first] : [first, fallback];
}
