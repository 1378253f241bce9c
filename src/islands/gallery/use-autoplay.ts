/**
 * Autoplay: calls `advance` every `seconds` while it runs. The timer restarts whenever `index`
 * changes, so a visitor's own navigation gets the full delay before the next automatic step.
 */
import { useEffect } from 'react';

export function useAutoplay(running: boolean, seconds: number, index: number, advance: () => void) {
  useEffect(() => {
    if (!running) return undefined;
    const timer = setTimeout(advance, seconds * 1000);
    return () => clearTimeout(timer);
  }, [running, seconds, index, advance]);
}
