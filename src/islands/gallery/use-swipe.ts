/**
 * A horizontal swipe from pointer events: a touch or pen drag of at least SWIPE_DISTANCE pixels
 * that is more sideways than vertical. Mouse drags are left alone (they select and drag images).
 */
import { useRef, type PointerEvent } from 'react';

export const SWIPE_DISTANCE = 40;

export interface SwipeHandlers {
  readonly onPointerDown: (event: PointerEvent) => void;
  readonly onPointerUp: (event: PointerEvent) => void;
}

/** `onSwipe(1)` for a swipe to the left (next), `onSwipe(-1)` to the right (previous). */
export function useSwipe(onSwipe: (direction: 1 | -1) => void): SwipeHandlers {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onPointerDown: (event) => {
      start.current = event.pointerType === 'mouse' ? null : { x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event) => {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy)) onSwipe(dx < 0 ? 1 : -1);
    },
  };
}
