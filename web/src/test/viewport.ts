/** A phone-sized viewport: the bottom navigation and the team-switcher dialog. */
export const DEFAULT_VIEWPORT_WIDTH = 390;
/** A laptop-sized viewport: the sidebar and the team-switcher dropdown. */
export const DESKTOP_VIEWPORT_WIDTH = 1280;

const REM_PX = 16;

function toPx(value: string, unit: string): number {
  return unit === 'rem' || unit === 'em' ? Number(value) * REM_PX : Number(value);
}

/** Evaluates the width conditions (min-width / max-width in px, rem or em) of a media query. */
export function mediaQueryMatches(query: string, width: number): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|rem|em)\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, kind, value = '0', unit = 'px']) =>
    kind === 'min' ? width >= toPx(value, unit) : width <= toPx(value, unit),
  );
}

/**
 * jsdom has no layout, so `matchMedia` is stubbed: this makes it answer as a window of the given
 * width would. Set it before rendering (setup resets it to a phone after each test).
 */
export function setViewportWidth(width: number) {
  window.matchMedia = (query: string) =>
    ({
      matches: mediaQueryMatches(query, width),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
