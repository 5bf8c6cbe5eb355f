import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  /** Heading level of the title (defaults to h2). */
  as?: 'h2' | 'h3';
  children?: ReactNode;
  /** Less room above and below (inside a card among others). */
  compact?: boolean;
  className?: string;
}

/** A centred icon, title, description and optional actions, for lists with nothing in them. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  as: Heading = 'h2',
  children,
  compact = false,
  className,
}: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center px-6 text-center', compact ? 'py-6' : 'py-10', className)}>
      <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <Heading className="mt-4 text-lg font-semibold text-slate-900">{title}</Heading>
      {description ? <p className="mt-1 max-w-sm text-sm text-slate-500">{description}</p> : null}
      {children ? <div className="mt-5 flex w-full flex-col items-center gap-3">{children}</div> : null}
    </div>
  );
}
