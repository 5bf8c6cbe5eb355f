import { cn } from '../lib/cn.ts';

interface LogoProps {
  className?: string;
  /** White mark and text, for coloured backgrounds. */
  inverted?: boolean;
}

/** The Sideline word mark. */
export function Logo({ className, inverted }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-extrabold tracking-tight', className)}>
      <svg viewBox="0 0 32 32" className="size-[1.4em]" aria-hidden="true">
        <rect width="32" height="32" rx="9" className={inverted ? 'fill-white/20' : 'fill-brand-600'} />
        <path
          d="M10 21c1.5 1.5 3.5 2 6 2 3.5 0 6-1.5 6-4.5 0-2.5-2-3.5-5.5-4.5C14 13.5 13 13 13 12s1-2 3-2c2 0 3.5.5 4.5 1.5"
          fill="none"
          className="stroke-white"
          strokeWidth="2.6"
          strokeLinecap="round"
        />
      </svg>
      <span className={inverted ? 'text-white' : 'text-slate-900'}>Sideline</span>
    </span>
  );
}
