import { useSyncExternalStore } from 'react';

/** A screen used by touch alone: no pointer that hovers (a phone or a tablet), where nothing is dragged. */
const TOUCH_ONLY = '(hover: none) and (pointer: coarse)';

const query = () => (typeof window.matchMedia === 'function' ? window.matchMedia(TOUCH_ONLY) : undefined);

/** Whether this device is used by touch alone, kept current (a tablet given a mouse changes it). */
export function useTouchScreen(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const media = query();
      media?.addEventListener('change', changed);
      return () => media?.removeEventListener('change', changed);
    },
    () => query()?.matches ?? false,
  );
}
