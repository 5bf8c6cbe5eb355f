import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * Text fields show focus as strongly as buttons do (the same 2 px brand outline), not only a
 * faint ring: someone tabbing through a form must see where they are.
 */
export const fieldFocusClassName =
  'focus:border-brand-500 focus:outline-2 focus:outline-offset-2 focus:outline-brand-500 aria-invalid:focus:outline-red-500';

/** `textClassName` replaces the text size (16 px on phones, so that iOS does not zoom in). */
export function Input({
  className,
  textClassName = 'text-base sm:text-sm',
  ...props
}: ComponentProps<'input'> & { textClassName?: string }) {
  return (
    <input
      className={cn(
        'block h-11 w-full rounded-xl border border-slate-200 bg-white px-3.5 text-slate-900 shadow-xs transition-colors',
        textClassName,
        'placeholder:text-slate-500',
        fieldFocusClassName,
        'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-70',
        'aria-invalid:border-red-400',
        className,
      )}
      {...props}
    />
  );
}
