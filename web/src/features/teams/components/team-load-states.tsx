import { CircleAlert, RefreshCw } from 'lucide-react';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { BackToTeams } from './team-header.tsx';

export function TeamLoading() {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-slate-500">
      <Spinner label="Loading team details" />
      <p className="text-sm">Loading team details...</p>
    </div>
  );
}

/** A team that does not exist (or is not the caller's) reads as not found; any other failure offers a retry. */
export function TeamLoadError({ teamId, error, retry }: { teamId: string; error: unknown; retry: () => void }) {
  const notFound = isApiError(error) && (error.status === 404 || error.status === 400);
  return (
    <Card className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-10 text-center">
      <CircleAlert className="size-10 text-red-500" aria-hidden="true" />
      {notFound ? (
        <h1 className="text-lg font-semibold text-slate-900">Team not found (ID: {teamId})</h1>
      ) : (
        <>
          <h1 className="text-lg font-semibold text-slate-900">We couldn't load this team</h1>
          <p className="text-sm text-slate-500">{getErrorMessage(error)}</p>
          <Button variant="outline" onClick={retry}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Try again
          </Button>
        </>
      )}
      <BackToTeams className={buttonClassName(notFound ? 'primary' : 'ghost', 'md', 'mt-2')} />
    </Card>
  );
}
