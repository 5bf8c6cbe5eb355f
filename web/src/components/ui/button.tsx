import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const variants = {
  primary:
    'bg-gradient-to-r from-brand-600 to-violet-600 text-white shadow-sm shadow-brand-600/20 hover:from-brand-700 hover:to-violet-700',
  secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
  outline: 'border border-slate-200 bg-white text-slate-900 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  destructive: 'bg-red-600 text-white hover:bg-red-700',
  /** A secondary action that removes or ends something (Sign out everywhere, a row's Delete). */
  'outline-destructive': 'border border-slate-200 bg-white text-red-700 hover:bg-slate-50',
  /** A quiet icon beside a field (attach, emoji). */
  subtle: 'text-slate-500 hover:bg-slate-100',
  /**
   * No colours: the caller's className gives them all (a button on a coloured banner, a red
   * Delete).
   */
  bare: '',
} as const;

/**
 * Every size is at least 44 × 44 px (WCAG 2.5.5 target size): a thumb at the touchline hits it.
 * `sm` is narrower (less padding) for rows of several actions, not shorter; `icon` is a 44 px
 * square for a lone icon (give it an `aria-label`); `lg` is the 48 px main action of a screen.
 */
const sizes = {
  sm: 'h-11 min-w-11 justify-center gap-1.5 rounded-xl px-3 text-sm whitespace-nowrap',
  md: 'h-11 min-w-11 justify-center gap-2 rounded-xl px-4 text-sm whitespace-nowrap',
  lg: 'h-12 min-w-12 justify-center gap-2 rounded-xl px-5 text-base whitespace-nowrap',
  icon: 'size-11 justify-center rounded-xl whitespace-nowrap',
  /**
   * No box: the caller's className sets height, padding, gap, corners, text size, alignment and
   * wrapping (a tile of an icon over its label, an answer that wraps, a menu-like row), and keeps
   * the 44 px target.
   */
  bare: '',
} as const;

/**
 * A link that stands alone (a card's 'View All', 'Back to Teams'): text, with a 44 px tall hit
 * area. Links inside a sentence keep the sentence's line.
 */
export const textLinkClassName =
  'inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline';

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/**
 * `cn` does not merge, so a caller's className adds to the variant and the size and never
 * overrides them: other colours take the `bare` variant, another box the `bare` size, and a
 * button that fills its row `grow basis-0` (not `flex-1`, which would meet `shrink-0`).
 */
export function buttonClassName(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className?: string,
): string {
  return cn(
    'inline-flex shrink-0 items-center font-semibold transition-colors select-none',
    'disabled:pointer-events-none disabled:opacity-60',
    variants[variant],
    sizes[size],
    className,
  );
}

export function Button({ variant = 'primary', size = 'md', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, size, className)} {...props} />;
}
