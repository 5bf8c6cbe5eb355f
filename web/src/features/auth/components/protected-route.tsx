import { RefreshCw } from 'lucide-react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { FirstLoadPlaceholder } from '../../../components/ui/first-load.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useUser } from '../api.ts';

/**
 * Guards every protected route (spec §2 General rules): a centred spinner while the current user
 * loads, /auth when nobody is signed in, the child routes otherwise.
 */
export function ProtectedRoute() {
  const userQuery = useUser();
  const location = useLocation();

  if (userQuery.isPending) return <FirstLoadPlaceholder />;
  if (userQuery.isError) {
    return (
      <div className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
        <div>
          <h1 className="text-lg font-semibold text-slate-900">We couldn't reach Sideline</h1>
          <p className="mt-1 text-sm text-slate-500">{getErrorMessage(userQuery.error)}</p>
        </div>
        <Button variant="outline" onClick={() => void userQuery.refetch()}>
          <RefreshCw className="size-4" aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  if (!userQuery.data) return <Navigate to="/auth" replace state={{ from: location }} />;
  return <Outlet />;
}
