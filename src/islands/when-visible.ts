/**
 * Runs `run` once the island scrolls into view. The island element itself is `display: contents`
 * (it must not disturb the layout of the HTML it wraps), so it has no box of its own and an
 * IntersectionObserver never reports it: its child elements are watched instead. An island with
 * no element to watch is run at once.
 */
export function whenVisible(element: Element, run: () => void): void {
  const targets = [...element.children];
  if (targets.length === 0 || typeof IntersectionObserver === 'undefined') {
    run();
    return;
  }
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) {
      observer.disconnect();
      run();
    }
  });
  for (const target of targets) observer.observe(target);
}
