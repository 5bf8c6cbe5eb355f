import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'block h-11 w-full rounded-xl border border-slate-200 bg-white px-3.5 text-base text-slate-900 shadow-xs transition-colors sm:text-sm',
        'placeholder:text-slate-400 focus:border-brand-500 focus:ring-3 focus:ring-brand-500/15 focus:outline-none',
        'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-70',
        'aria-invalid:border-red-400 aria-invalid:focus:ring-red-500/15',
        className,
      )}
      {...props}
    />
  );
}
