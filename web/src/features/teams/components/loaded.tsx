import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';

/** A query's list, or its spinner, or its error with a retry. */
export function Loaded<T>({
  query,
  what,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label={`Loading ${what}`} />
      </div>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
        <p className="text-sm text-slate-600">
          We couldn't load the {what}: {getErrorMessage(query.error)}
        </p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          <RefreshCw className="size-4" aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
