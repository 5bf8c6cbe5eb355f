import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

interface SwitchProps extends Omit<ComponentProps<'button'>, 'role' | 'type'> {
  checked: boolean;
}

/**
 * An on/off switch (role switch). The track is 28 px tall, the button around it 44 × 56 px
 * (WCAG 2.5.5), so the whole area around the track takes the tap. Name it with `aria-label`,
 * `aria-labelledby` or a `<label htmlFor>`.
 */
export function Switch({ checked, className, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      className={cn(
        'inline-flex h-11 w-14 shrink-0 items-center justify-center rounded-full disabled:opacity-60 aria-disabled:opacity-60',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn(
          'relative inline-flex h-7 w-12 items-center rounded-full transition-colors',
          checked ? 'bg-brand-600' : 'bg-slate-500',
        )}
      >
        <span
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </span>
    </button>
  );
}
