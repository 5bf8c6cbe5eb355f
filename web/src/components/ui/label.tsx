import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('block text-sm font-medium text-slate-700', className)} {...props} />;
}

/**
 * A checkbox or radio with its words, as one `<label>`: the whole 44 px row takes the tap
 * (WCAG 2.5.5), not only the 20 px box. `<label className={choiceLabelClassName}><input
 * type="checkbox" className={choiceInputClassName} /> Words</label>`.
 */
/** A choice's label without its text colour, for a label that sets its own (a stronger one). */
export const choiceLabelLayoutClassName = 'flex min-h-11 cursor-pointer items-center gap-3 text-sm';
export const choiceLabelClassName = `${choiceLabelLayoutClassName} text-slate-800`;
export const choiceInputClassName = 'size-5 shrink-0 accent-brand-600';
