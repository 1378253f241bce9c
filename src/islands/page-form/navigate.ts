/** Leaves the page for a form's success redirect (its own module, so tests can watch it). */
export function navigateTo(url: string): void {
  window.location.assign(url);
}
