import { CircleAlert, Mail, UserRoundX } from 'lucide-react';
import type { AcceptInviteResponse } from '@sideline/domain';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Logo } from '../../../components/logo.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { paths } from '../../../config/paths.ts';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useLogout, useUser } from '../../auth/api.ts';
import { ChildConsentCard } from '../../consent/components/child-consents.tsx';
import { useAcceptInvite, useInviteLookup } from '../api.ts';
import { authPathForInvite, invitedAs, welcomeMessage } from '../invite-links.ts';

function Screen({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-slate-50 px-4 py-10">
      <Logo className="text-xl" />
      <Card className="w-full max-w-md">{children}</Card>
    </main>
  );
}

function InvalidInvitation({ reason }: { reason: string }) {
  return (
    <Screen>
      <CardHeader className="items-center text-center">
        <CircleAlert className="mx-auto size-10 text-red-500" aria-hidden="true" />
        <CardTitle>Invalid Invitation</CardTitle>
        <CardDescription>{reason}</CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        <Link to={paths.home} className={buttonClassName('primary')}>
          Go to Dashboard
        </Link>
      </CardContent>
    </Screen>
  );
}

/** The invitation was sent to another email than the signed-in account's (403 from accepting). */
const FOR_ANOTHER_EMAIL = 'INVITATION_FOR_ANOTHER_EMAIL';

function ForAnotherAccount({
  message,
  account,
  switching,
  onSwitch,
}: {
  message: string;
  account: string;
  switching: boolean;
  onSwitch: () => void;
}) {
  return (
    <div role="alert" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="flex items-center gap-2 font-semibold">
        <UserRoundX className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
        This invitation is for someone else
      </p>
      <p>{message}</p>
      <p>You are signed in as {account}. Sign out, then sign in or sign up with the invited email.</p>
      <Button size="lg" className="w-full" onClick={onSwitch} disabled={switching}>
        {switching ? 'Signing out...' : 'Sign out and switch account'}
      </Button>
    </div>
  );
}

/**
 * /invite?token=… (spec §2): signed out, on to sign-up pre-filled from the invitation; signed in,
 * the Team Invitation card (Accept Invitation, Maybe Later); a link that is unknown, used,
 * revoked or expired shows Invalid Invitation. An invitation is for the email it was sent to: a
 * signed-in account with another email is told so and offered to sign out and switch.
 */
export function InviteRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  const userQuery = useUser();
  const lookup = useInviteLookup(token);
  const accept = useAcceptInvite(token ?? '');
  const logout = useLogout();
  const navigate = useNavigate();
  // A parent linked to their child answers the child's consents before going on.
  const [askConsent, setAskConsent] = useState<AcceptInviteResponse | null>(null);
  const toTeam = (result: AcceptInviteResponse) =>
    navigate({ pathname: paths.home, search: `?team=${encodeURIComponent(result.team.id)}` }, { replace: true });

  if (askConsent?.player) {
    return (
      <Screen>
        <CardHeader className="text-center">
          <CardTitle>Your child's consent</CardTitle>
          <CardDescription>
            Choose whether {askConsent.player.name} may appear in {askConsent.team.name}'s photos, streams and anything
            public. You can change this at any time on the team page.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          <ChildConsentCard teamId={askConsent.team.id} player={askConsent.player} />
          <Button size="lg" className="w-full" onClick={() => toTeam(askConsent)}>
            Continue to {askConsent.team.name}
          </Button>
        </CardContent>
      </Screen>
    );
  }

  if (!token) return <InvalidInvitation reason="This link has no invitation in it." />;
  if (lookup.isPending || userQuery.isPending) return <FullPageSpinner />;
  if (lookup.isError) {
    const known = isApiError(lookup.error) && (lookup.error.status === 404 || lookup.error.status === 410);
    return (
      <InvalidInvitation
        reason={
          known ? getErrorMessage(lookup.error) : `We couldn't check this invitation: ${getErrorMessage(lookup.error)}`
        }
      />
    );
  }
  const invite = lookup.data;
  if (!userQuery.data) return <Navigate to={authPathForInvite(invite, token)} replace />;

  const onAccept = () =>
    accept.mutate(undefined, {
      onSuccess: (result) => {
        toast(welcomeMessage(result));
        if (result.assignedRole === 'parent' && result.player) setAskConsent(result);
        else toTeam(result);
      },
      onError: (error) => {
        // Shown on the card itself, with the way out: a toast would vanish with it.
        if (isApiError(error) && error.code === FOR_ANOTHER_EMAIL) return;
        toast({ variant: 'destructive', title: 'Failed to accept invitation', description: getErrorMessage(error) });
      },
    });
  const forAnotherAccount = isApiError(accept.error) && accept.error.code === FOR_ANOTHER_EMAIL ? accept.error : null;
  const switchAccount = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate(authPathForInvite(invite, token), { replace: true }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Logout failed', description: getErrorMessage(error) }),
    });

  return (
    <Screen>
      <CardHeader className="text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
          <Mail className="size-6" aria-hidden="true" />
        </span>
        <CardTitle>Team Invitation</CardTitle>
        <CardDescription>
          You've been invited to join <strong className="text-slate-900">{invite.team.name}</strong> {invitedAs(invite)}
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {forAnotherAccount ? (
          <ForAnotherAccount
            message={getErrorMessage(forAnotherAccount)}
            account={`${userQuery.data.name} (${userQuery.data.email})`}
            switching={logout.isPending}
            onSwitch={switchAccount}
          />
        ) : (
          <>
            <p className="text-center text-sm text-slate-500">
              Signed in as {userQuery.data.name} ({userQuery.data.email}).
            </p>
            <Button size="lg" className="w-full" onClick={onAccept} disabled={accept.isPending || accept.isSuccess}>
              {accept.isPending ? 'Accepting...' : 'Accept Invitation'}
            </Button>
          </>
        )}
        <Link to={paths.home} className={buttonClassName('ghost', 'lg', 'w-full')}>
          Maybe Later
        </Link>
      </CardContent>
    </Screen>
  );
}
