/**
 * When the promotional popup opens: a number of seconds after the page loads, or once the
 * visitor has scrolled through a share of the page (scroll depth: how far the top of the window
 * has travelled down the scrollable height; a page too short to scroll never reaches it).
 * Returns the function that stops watching.
 */
import type { PromoPopupTrigger } from '../../shared/promo-popup/settings.ts';

/** The share of the page scrolled through, 0–100. */
export function scrollDepth(win: Window): number {
  const scrollable = win.document.documentElement.scrollHeight - win.innerHeight;
  if (scrollable <= 0) return 0;
  return Math.min(100, (win.scrollY / scrollable) * 100);
}

export function watchTrigger(
  trigger: PromoPopupTrigger,
  fire: () => void,
  win: Window = window,
): () => void {
  if (trigger.type === 'delay') {
    const timer = win.setTimeout(fire, trigger.seconds * 1000);
    return () => win.clearTimeout(timer);
  }
  let done = false;
  const onScroll = () => {
    if (done || scrollDepth(win) < trigger.percent) return;
    done = true;
    win.removeEventListener('scroll', onScroll);
    fire();
  };
  win.addEventListener('scroll', onScroll, { passive: true });
  return () => win.removeEventListener('scroll', onScroll);
}
