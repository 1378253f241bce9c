/**
 * The content width of an element, followed as it changes (a rotated phone, an opened menu), so
 * a chart can be laid out in real pixels. Undefined until measured, and where the browser has no
 * ResizeObserver.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useElementWidth<T extends HTMLElement>(): readonly [
  (element: T | null) => void,
  number | undefined,
] {
  const [width, setWidth] = useState<number | undefined>(undefined);
  const observer = useRef<ResizeObserver | undefined>(undefined);
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = undefined;
    if (!element || typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver((entries) => {
      const measured = entries[0]?.contentRect.width;
      // A hidden element measures 0: keep the last real width rather than collapse the chart.
      if (measured) setWidth(Math.round(measured));
    });
    observer.current.observe(element);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, width];
}
