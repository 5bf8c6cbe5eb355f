import { RefreshCw } from 'lucide-react';
import { getErrorMessage } from '../../lib/api-client.ts';
import { Button } from './button.tsx';
import { Card } from './card.tsx';

interface LoadErrorProps {
  /** e.g. "We couldn't load your teams" */
  title: string;
  error: unknown;
  onRetry: () => void;
}

/** The card a screen shows when its data failed to load, with the reason and a retry. */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  return (
    <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <p className="font-semibold text-slate-900">{title}</p>
      <p className="text-sm text-slate-500">{getErrorMessage(error)}</p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw className="size-4" aria-hidden="true" />
        Try again
      </Button>
    </Card>
  );
}
