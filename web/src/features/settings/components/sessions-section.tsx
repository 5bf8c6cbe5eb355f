import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { paths } from '../../../config/paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useSignOutEverywhere } from '../api.ts';

/** "Sign out everywhere": every session of the account ends, this one included, after a confirmation. */
export function SessionsSection() {
  const [confirming, setConfirming] = useState(false);
  const signOutEverywhere = useSignOutEverywhere();
  const navigate = useNavigate();

  return (
    <Card className="p-5" role="region" aria-labelledby="settings-sessions">
      <h2 id="settings-sessions" className="text-base font-semibold text-slate-900">
        Signed-in devices
      </h2>
      <p className="mt-0.5 text-sm text-slate-600">
        Lost a phone, or signed in on a shared computer? Sign out of Sideline on every device at once.
      </p>
      {confirming ? (
        <div role="alertdialog" aria-label="Sign out everywhere" className="mt-4 space-y-3 rounded-xl bg-red-50 p-3">
          <p className="text-sm text-red-800">You will be signed out here too. Sign out on every device?</p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              size="sm"
              disabled={signOutEverywhere.isPending}
              onClick={() =>
                signOutEverywhere.mutate(undefined, {
                  onSuccess: () => {
                    toast({ title: 'Signed out everywhere', description: 'Sign in again on the devices you use.' });
                    navigate(paths.auth, { replace: true });
                  },
                  onError: (error) =>
                    toast({ variant: 'destructive', title: "Couldn't sign out", description: getErrorMessage(error) }),
                })
              }
            >
              {signOutEverywhere.isPending ? 'Signing out...' : 'Sign out everywhere'}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="outline-destructive" className="mt-4" onClick={() => setConfirming(true)}>
          <LogOut className="size-4" aria-hidden="true" />
          Sign out everywhere
        </Button>
      )}
    </Card>
  );
}
