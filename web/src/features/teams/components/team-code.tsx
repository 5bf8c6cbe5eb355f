import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from '../../../components/ui/use-toast.ts';
import { cn } from '../../../lib/cn.ts';
import { copyText } from '../../../lib/clipboard.ts';

const COPIED_FEEDBACK_MS = 2000;

/** Copies a team's join code and confirms with a toast (or says how to copy it by hand). */
export async function copyTeamCode(code: string): Promise<boolean> {
  const copied = await copyText(code);
  if (copied) {
    toast({ title: 'Team code copied', description: `Share ${code} with your team so they can join.` });
  } else {
    toast({
      variant: 'destructive',
      title: "Couldn't copy the code",
      description: `Select it and copy it by hand: ${code}`,
    });
  }
  return copied;
}

interface TeamCodeProps {
  code: string;
  className?: string;
  /** Larger type, for the team page. */
  size?: 'sm' | 'lg';
}

/**
 * A team's join code with a copy button. The code itself is `data-testid="team-code"`; the
 * button's accessible name is "Copy code {CODE}".
 */
export function TeamCode({ code, className, size = 'sm' }: TeamCodeProps) {
  const [copied, setCopied] = useState(false);
  const tipId = useId();

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const onCopy = async () => {
    if (await copyTeamCode(code)) setCopied(true);
  };

  const Icon = copied ? Check : Copy;
  return (
    <div
      className={cn(
        'inline-flex items-center gap-1 rounded-xl border border-dashed border-slate-300 bg-slate-50 pl-3',
        className,
      )}
    >
      <span className={cn('text-slate-500', size === 'lg' ? 'text-sm' : 'text-xs')}>Code</span>
      <code
        data-testid="team-code"
        className={cn(
          'font-mono font-bold tracking-[0.2em] text-slate-900 select-all',
          size === 'lg' ? 'text-xl' : 'text-sm',
        )}
      >
        {code}
      </code>
      {/* The tooltip is plain CSS (after the same 700 ms as the app's others, on mouse hover or
          keyboard focus), so the screens that show a code load without Radix and Floating UI. */}
      <span className="group/copy relative flex">
        <button
          type="button"
          onClick={() => void onCopy()}
          aria-label={`Copy code ${code}`}
          aria-describedby={tipId}
          className={cn(
            'flex items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-200 hover:text-slate-900',
            'size-11',
          )}
        >
          <Icon className={cn('size-4', copied && 'text-emerald-600')} aria-hidden="true" />
        </button>
        <span
          id={tipId}
          role="tooltip"
          className="pointer-events-none invisible absolute bottom-full left-1/2 z-50 mb-1.5 -translate-x-1/2 rounded-lg bg-slate-900 px-2.5 py-1.5 text-xs whitespace-nowrap text-white opacity-0 shadow-md transition-opacity group-hover/copy:visible group-hover/copy:opacity-100 group-hover/copy:delay-700 group-has-[:focus-visible]/copy:visible group-has-[:focus-visible]/copy:opacity-100"
        >
          {copied ? 'Copied!' : 'Copy code'}
        </span>
      </span>
    </div>
  );
}
