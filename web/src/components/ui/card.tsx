import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** `borderClassName` replaces the border's colour (red around something live). */
export function Card({
  className,
  borderClassName = 'border-slate-200/80',
  ...props
}: ComponentProps<'div'> & { borderClassName?: string }) {
  return (
    <div
      className={cn('rounded-2xl border bg-white shadow-sm shadow-slate-900/5', borderClassName, className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('space-y-1.5 p-6 pb-4', className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 className={cn('text-xl font-bold tracking-tight text-slate-900', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-slate-500', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('p-6 pt-0', className)} {...props} />;
}
