/** Page changes the form makes (checkout, subscription, gift card pages); one seam for tests. */
export const navigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};

/** The page's `?variant=` (a variant id), read on load. */
export function variantInUrl(): string | null {
  return new URLSearchParams(window.location.search).get('variant');
}

/** Keeps `?variant=` in step with the choice, without adding history entries. */
export function reflectVariant(variantId: string | null): void {
  const url = new URL(window.location.href);
  if (variantId === null) url.searchParams.delete('variant');
  else url.searchParams.set('variant', variantId);
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
}
