import { cn } from '../../lib/cn.ts';

interface SpinnerProps {
  className?: string;
  /** Accessible name of the status region. */
  label?: string;
}

export function Spinner({ className, label = 'Loading' }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className={cn('inline-flex', className)}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-[3px] border-brand-100 border-t-brand-600"
      />
    </span>
  );
}

/** A spinner centred in the viewport, for whole-page loading states. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner />
    </div>
  );
}
