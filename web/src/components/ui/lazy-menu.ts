import type { KeyboardEvent, PointerEvent } from 'react';

/**
 * Handlers for a menu's trigger while the menu's code (Radix with Floating UI) is not loaded
 * yet: the press or key that opens a Radix menu (pointer down with the main button; Enter, Space
 * or ArrowDown) asks for it instead, and the loaded menu then mounts open.
 */
export function menuActivation(activate: () => void) {
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.button === 0 && !event.ctrlKey) activate();
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
        event.preventDefault();
        activate();
      }
    },
  };
}
