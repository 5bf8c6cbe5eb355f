import type { User } from '@sideline/domain';
import { Mail } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useLogin, useRegister, useUser } from '../api.ts';
import { BrandPanel } from '../components/brand-panel.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';
import { SignUpForm } from '../components/sign-up-form.tsx';
import { AUTH_REDIRECT_DELAY_MS } from '../constants.ts';
import { invitationSubtitle, parseInvitation, postAuthPath } from '../invitation.ts';

type AuthTab = 'signin' | 'signup';

/** /auth — sign in or create an account (spec §2 "Auth screen"). */
export function AuthRoute() {
  const [searchParams] = useSearchParams();
  const invitation = useMemo(() => parseInvitation(searchParams), [searchParams]);
  const token = searchParams.get('token')?.trim() || null;
  const [tab, setTab] = useState<AuthTab>(invitation ? 'signup' : 'signin');
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const navigate = useNavigate();
  const userQuery = useUser();
  const login = useLogin();
  const registerUser = useRegister();

  // After success: wait about a second (the toast is read), then go on.
  useEffect(() => {
    if (redirectTo === null) return;
    const timer = setTimeout(() => navigate(redirectTo, { replace: true }), AUTH_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [redirectTo, navigate]);

  const authenticating = login.isPending || login.isSuccess || registerUser.isPending || registerUser.isSuccess;

  // Offline the question waits (paused): the screen shows, and signing in waits for the network.
  if (userQuery.isPending && userQuery.fetchStatus !== 'paused') return <FullPageSpinner />;
  // Someone already signed in who opens /auth goes home (not a user who has just signed in here).
  if (userQuery.data && !authenticating && redirectTo === null) return <Navigate to="/" replace />;

  const onSignedIn = (_user: User) => {
    toast({ title: 'Welcome back!', description: "You've successfully logged in." });
    setRedirectTo(postAuthPath(token));
  };
  const onSignedUp = (_user: User) => {
    toast({ title: 'Welcome to Sideline!', description: 'Your account has been created successfully.' });
    setRedirectTo(postAuthPath(token));
  };

  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-2">
      <BrandPanel />
      <main className="relative -mt-14 px-4 pb-10 lg:mt-0 lg:flex lg:flex-col lg:items-center lg:justify-center lg:px-10 lg:py-16">
        <Card className="mx-auto w-full max-w-md">
          <CardHeader className="text-center">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">Join Sideline</h1>
            <CardDescription>
              {invitation ? invitationSubtitle(invitation) : 'Connect with your team today'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {invitation ? (
              <div
                role="note"
                className="mb-5 flex gap-3 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900"
              >
                <Mail className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
                <p>
                  <strong className="font-semibold">Team Invitation:</strong> Your information has been pre-filled from
                  the invitation.
                </p>
              </div>
            ) : null}
            <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
              <TabsList>
                <TabsTrigger value="signin">Sign In</TabsTrigger>
                <TabsTrigger value="signup">Sign Up</TabsTrigger>
              </TabsList>
              <TabsContent value="signin">
                <SignInForm login={login} defaultEmail={invitation?.email ?? ''} onSuccess={onSignedIn} />
              </TabsContent>
              <TabsContent value="signup">
                <SignUpForm registerUser={registerUser} invitation={invitation} onSuccess={onSignedUp} />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
        <p className="mx-auto mt-6 max-w-md text-center text-xs text-slate-500">
          By continuing you agree to keep it friendly on the sidelines.
        </p>
      </main>
    </div>
  );
}
