import { SearchX } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';

/** Whether a failed read means "no such match for you" (another team's match is 404, never leaked). */
export const isMissingMatch = (error: unknown) =>
  isApiError(error) && (error.status === 404 || error.status === 400 || error.status === 403);

/** The friendly not-found state of a match: what happened, and a way on (Home, Back). */
export function MatchNotFound() {
  const navigate = useNavigate();
  return (
    <Card className="mx-auto flex max-w-md flex-col items-center px-6 py-10 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <SearchX className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-lg font-semibold text-slate-900">We can't find this match</h1>
      <p className="mt-1 text-sm text-slate-500">
        It may have been removed, or it belongs to a team you're not in. Ask the team's coach for the link.
      </p>
      <div className="mt-5 flex w-full max-w-xs flex-col gap-2">
        <Link to={paths.home} className={buttonClassName('primary', 'lg', 'w-full')}>
          Go to Home
        </Link>
        <Button variant="outline" size="lg" className="w-full" onClick={() => navigate(-1)}>
          Go back
        </Button>
      </div>
    </Card>
  );
}
