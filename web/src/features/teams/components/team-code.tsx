import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '../../../components/ui/tooltip.tsx';
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
      <TooltipProvider>
        <Tooltip>
          <TooltipTrigger asChild>
            <button
              type="button"
              onClick={() => void onCopy()}
              aria-label={`Copy code ${code}`}
              className={cn(
                'flex items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-200 hover:text-slate-900',
                'size-11',
              )}
            >
              <Icon className={cn('size-4', copied && 'text-emerald-600')} aria-hidden="true" />
            </button>
          </TooltipTrigger>
          <TooltipContent>{copied ? 'Copied!' : 'Copy code'}</TooltipContent>
        </Tooltip>
      </TooltipProvider>
    </div>
  );
}
