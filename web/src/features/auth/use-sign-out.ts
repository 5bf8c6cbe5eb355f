import { useIsMutating } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../components/ui/use-toast.ts';
import { paths } from '../../config/paths.ts';
import { getErrorMessage } from '../../lib/api-client.ts';
import { logoutMutationKey, useLogout } from './api.ts';

/**
 * Signs out with the spec's toasts ('Goodbye!' / 'Logout failed') and goes to /auth.
 * `isPending` is true while any sign-out is running (profile menu or sidebar button).
 */
export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  const pendingCount = useIsMutating({ mutationKey: logoutMutationKey });
  const { mutate } = logout;

  const signOut = useCallback(() => {
    mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Goodbye!', description: "You've been logged out successfully." });
        navigate(paths.auth, { replace: true });
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Logout failed', description: getErrorMessage(error) });
      },
    });
  }, [mutate, navigate]);

  return { signOut, isPending: logout.isPending || pendingCount > 0 };
}
