import { type RefObject, useEffect } from 'react';

/** Closes a menu when a click lands outside its container. */
export function useCloseOnOutsideClick(
  open: boolean,
  container: RefObject<HTMLDivElement | null>,
  close: () => void,
) {
  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => document.removeEventListener('mousedown', closeOnOutsideClick);
  }, [open, container, close]);
}
