import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { fieldFocusClassName } from './input.tsx';

/**
 * A styled native <select>: keyboard, screen readers and the phone's own picker work out of the
 * box, which is what a short fixed list (sports) needs.
 */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select
        className={cn(
          'block h-11 w-full appearance-none rounded-xl border border-slate-200 bg-white pr-10 pl-3.5 text-base text-slate-900 shadow-xs transition-colors sm:text-sm',
          fieldFocusClassName,
          'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-70',
          'aria-invalid:border-red-400',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
    </div>
  );
}
