import type { Page } from 'playwright-core';

/** WCAG 2.5.5 (target size, enhanced), Apple's and Material's guideline: 44 × 44 CSS pixels. */
export const MIN_TARGET_PX = 44;

/**
 * The interactive elements of what a person can reach now (an open dialog or menu, else the
 * page) that are smaller than 44 × 44 px, one readable line each. An element counts with its hit
 * area: a checkbox or radio with its `<label>`, a stretched link with the card it covers. Exempt, as WCAG exempts them: links inline in a
 * sentence, disabled controls, and elements that are not on screen (hidden, or the skip link
 * until it is focused).
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="menuitemradio"]',
      '[role="menuitemcheckbox"]',
      '[role="switch"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="option"]',
    ].join(',');
    const open = (role: string) => [...document.querySelectorAll(`[role="${role}"][data-state="open"]`)].at(-1);
    const scope = open('menu') ?? open('alertdialog') ?? open('dialog') ?? document.body;

    /** Text of the element's block outside the element: a link inside a sentence. */
    const inSentence = (el: Element) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
      if (!block) return false;
      return (block.textContent ?? '').replace(el.textContent ?? '', '').trim().length > 0;
    };
    const describe = (el: Element, width: number, height: number) => {
      const role = el.getAttribute('role');
      const name =
        el.getAttribute('aria-label') ??
        (el as HTMLInputElement).labels?.[0]?.textContent ??
        el.textContent ??
        el.getAttribute('title') ??
        '';
      const where = el.closest('[aria-label], [role="dialog"], section, header, nav, main')?.getAttribute('aria-label');
      return `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${name.trim().replace(/\s+/g, ' ').slice(0, 60)}"${
        where ? ` in "${where}"` : ''
      }: ${Math.round(width)}×${Math.round(height)}`;
    };

    /** The box of a stretched link or button (an `::after` laid over its card): the card. */
    const stretchedOver = (el: Element) => {
      const after = getComputedStyle(el, '::after');
      if (after.content === 'none' || after.position !== 'absolute') return null;
      const card = getComputedStyle(el).position === 'static' ? (el as HTMLElement).offsetParent : el;
      return card?.getBoundingClientRect() ?? null;
    };
    /** Visually hidden (clipped), as the skip link is until it is focused. */
    const clipped = (style: CSSStyleDeclaration) =>
      style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)';

    const found: string[] = [];
    for (const el of scope.querySelectorAll(selector)) {
      if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') continue;
      if (el.closest('[inert], [hidden]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const box = stretchedOver(el) ?? el.getBoundingClientRect();
      const labels = [...((el as HTMLInputElement).labels ?? [])].map((l) => l.getBoundingClientRect());
      if (clipped(style) && labels.length === 0) continue;
      const width = Math.max(box.width, ...labels.map((l) => l.width));
      const height = Math.max(box.height, ...labels.map((l) => l.height));
      // Not on screen: nothing to hit (a visually hidden control without a label, the skip link).
      if (width <= 1 || height <= 1) continue;
      if (inSentence(el)) continue;
      if (width < min - 0.5 || height < min - 0.5) found.push(describe(el, width, height));
    }
    return found;
  }, MIN_TARGET_PX);
}

/** Whether the page, or an open dialog, scrolls sideways (content wider than a 390 px phone). */
export function sidewaysScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`page: ${root.scrollWidth}px wide in ${root.clientWidth}px`);
    for (const dialog of document.querySelectorAll('[role="dialog"][data-state="open"], [role="alertdialog"]')) {
      if (dialog.scrollWidth > dialog.clientWidth + 1) {
        found.push(
          `dialog "${dialog.getAttribute('aria-label') ?? ''}": ${dialog.scrollWidth}px in ${dialog.clientWidth}px`,
        );
      }
    }
    return found;
  });
}
