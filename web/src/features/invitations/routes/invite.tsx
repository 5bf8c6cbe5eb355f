import { CircleAlert, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Logo } from '../../../components/logo.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { paths } from '../../../config/paths.ts';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useUser } from '../../auth/api.ts';
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
        <CardTitle className="text-xl">Invalid Invitation</CardTitle>
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

/**
 * /invite?token=… (spec §2): signed out, on to sign-up pre-filled from the invitation; signed in,
 * the Team Invitation card (Accept Invitation, Maybe Later); a link that is unknown, used,
 * revoked or expired shows Invalid Invitation.
 */
export function InviteRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  const userQuery = useUser();
  const lookup = useInviteLookup(token);
  const accept = useAcceptInvite(token ?? '');
  const navigate = useNavigate();

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
        navigate({ pathname: paths.home, search: `?team=${encodeURIComponent(result.team.id)}` }, { replace: true });
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to accept invitation', description: getErrorMessage(error) }),
    });

  return (
    <Screen>
      <CardHeader className="text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
          <Mail className="size-6" aria-hidden="true" />
        </span>
        <CardTitle className="text-xl">Team Invitation</CardTitle>
        <CardDescription>
          You've been invited to join <strong className="text-slate-900">{invite.team.name}</strong> {invitedAs(invite)}
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-center text-sm text-slate-500">
          Signed in as {userQuery.data.name} ({userQuery.data.email}).
        </p>
        <Button size="lg" className="w-full" onClick={onAccept} disabled={accept.isPending || accept.isSuccess}>
          {accept.isPending ? 'Accepting...' : 'Accept Invitation'}
        </Button>
        <Link to={paths.home} className={buttonClassName('ghost', 'lg', 'w-full')}>
          Maybe Later
        </Link>
      </CardContent>
    </Screen>
  );
}
