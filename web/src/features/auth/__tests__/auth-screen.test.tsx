import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';

const signedOut = { 'GET /api/user': { status: 401, body: { message: 'Not signed in', code: 'UNAUTHENTICATED' } } };

async function openAuth(path = '/auth') {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Join Sideline' });
  return view;
}

describe('Auth screen (mocked fetch)', () => {
  it('shows the brand panel, the card and the Sign In tab first', async () => {
    mockFetch(signedOut);
    await openAuth();
    expect(screen.getByText('Connect. Compete. Celebrate.')).toBeInTheDocument();
    for (const point of [
      'Real-time team messaging',
      'Event coordination & RSVP',
      'Gamified achievements',
      'Media sharing & highlights',
    ]) {
      expect(screen.getByText(point)).toBeInTheDocument();
    }
    expect(screen.getByText('Connect with your team today')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
  });

  it('switches between the Sign In and Sign Up tabs', async () => {
    mockFetch(signedOut);
    const { user } = await openAuth();
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Full Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Sign In' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
  });

  it('shows and hides the password with an accessible toggle', async () => {
    mockFetch(signedOut);
    const { user } = await openAuth();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    const signUpPassword = screen.getByLabelText('Password');
    expect(signUpPassword).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(signUpPassword).toHaveAttribute('type', 'text');
  });

  it('offers three role cards, parent selected by default, and a click changes the role', async () => {
    mockFetch(signedOut);
    const { user } = await openAuth();
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    const parent = screen.getByRole('button', { name: 'Parent' });
    const coach = screen.getByRole('button', { name: 'Coach' });
    const player = screen.getByRole('button', { name: 'Player' });
    expect(parent).toHaveAttribute('aria-pressed', 'true');
    expect(coach).toHaveAttribute('aria-pressed', 'false');
    expect(player).toHaveAttribute('aria-pressed', 'false');
    expect(parent).toHaveAccessibleDescription("Supports a child's journey");
    expect(coach).toHaveAccessibleDescription('Leads and inspires teams');
    expect(player).toHaveAccessibleDescription('Plays and achieves');

    await user.click(coach);
    expect(coach).toHaveAttribute('aria-pressed', 'true');
    expect(parent).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows required-field messages and submits nothing when the sign-in form is blank', async () => {
    const { callsTo } = mockFetch(signedOut);
    const { user } = await openAuth();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST', '/api/login')).toHaveLength(0);
  });

  it('shows required-field messages and submits nothing when the sign-up form is blank', async () => {
    const { callsTo } = mockFetch(signedOut);
    const { user } = await openAuth();
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(callsTo('POST', '/api/register')).toHaveLength(0);
  });

  it('pre-fills the sign-up form from a complete invitation link', async () => {
    mockFetch(signedOut);
    const params = new URLSearchParams({
      email: 'pat@example.com',
      name: 'Pat Parent',
      role: 'parent',
      token: 'tok-123',
      teamName: 'Riverside Rockets',
      playerName: 'Sam',
    });
    await openAuth(`/auth?${params}`);
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Full Name')).toHaveValue('Pat Parent');
    expect(screen.getByLabelText('Email')).toHaveValue('pat@example.com');
    expect(screen.getByRole('button', { name: 'Parent' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText("You've been invited to join Riverside Rockets as the parent of Sam")).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Team Invitation: Your information has been pre-filled from the invitation.',
    );
  });

  it('takes the role from the invitation', async () => {
    mockFetch(signedOut);
    await openAuth('/auth?email=c%40example.com&name=Casey&role=player&token=t1');
    expect(screen.getByRole('button', { name: 'Player' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Parent' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('ignores an invitation that lacks one of email, name, role, token', async () => {
    mockFetch(signedOut);
    const { user } = await openAuth('/auth?email=pat%40example.com&name=Pat&role=coach&teamName=Rockets');
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Connect with your team today')).toBeInTheDocument();
    expect(screen.queryByText(/Team Invitation/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(screen.getByLabelText('Full Name')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Parent' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('signs in: posts the credentials, shows "Signing In..." while pending, then goes to / after about a second', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { callsTo } = mockFetch({
      ...signedOut,
      'POST /api/login': { status: 200, body: sampleUser, delay: gate },
    });
    const { user, router } = await openAuth();
    await user.type(screen.getByLabelText('Email'), 'Jordan@Example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const pending = await screen.findByRole('button', { name: 'Signing In...' });
    expect(pending).toBeDisabled();
    expect(callsTo('POST', '/api/login')[0]?.body).toEqual({ email: 'jordan@example.com', password: 'correct horse' });

    const started = Date.now();
    release();
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(screen.getByText("You've successfully logged in.")).toBeInTheDocument();
    // Not yet: the redirect waits about a second.
    expect(router.state.location.pathname).toBe('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(await screen.findByRole('heading', { name: new RegExp(sampleUser.name), level: 1 })).toBeInTheDocument();
    // The user came from the login response: no second GET /api/user.
    expect(callsTo('GET', '/api/user')).toHaveLength(1);
  });

  it('signs up: posts name, email, password and the chosen role, then goes to /', async () => {
    const { callsTo } = mockFetch({
      ...signedOut,
      'POST /api/register': { status: 201, body: { ...sampleUser, role: 'coach' }, delay: 50 },
    });
    const { user, router } = await openAuth();
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await user.type(screen.getByLabelText('Full Name'), 'Jordan Smith');
    await user.type(screen.getByLabelText('Email'), 'jordan@example.com');
    await user.type(screen.getByLabelText('Password'), 'supersecret');
    await user.click(screen.getByRole('button', { name: 'Coach' }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    expect(callsTo('POST', '/api/register')[0]?.body).toEqual({
      name: 'Jordan Smith',
      email: 'jordan@example.com',
      password: 'supersecret',
      role: 'coach',
    });
    expect(await screen.findByText('Welcome to Sideline!')).toBeInTheDocument();
    expect(screen.getByText('Your account has been created successfully.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
    expect(await screen.findByRole('heading', { name: /Jordan Smith/, level: 1 })).toBeInTheDocument();
  });

  it('goes to /invite with the token after signing up from an invitation', async () => {
    mockFetch({ ...signedOut, 'POST /api/register': { status: 201, body: { ...sampleUser, role: 'parent' } } });
    const { user, router } = await openAuth(
      '/auth?email=pat%40example.com&name=Pat%20Parent&role=parent&token=tok%20123',
    );
    await user.type(screen.getByLabelText('Password'), 'supersecret');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite'), { timeout: 3000 });
    expect(new URLSearchParams(router.state.location.search).get('token')).toBe('tok 123');
  });

  it('shows "An account with this email already exists" under Email on a 409', async () => {
    mockFetch({
      ...signedOut,
      'POST /api/register': { status: 409, body: { message: 'Email already registered', code: 'EMAIL_TAKEN' } },
    });
    const { user, router } = await openAuth();
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await user.type(screen.getByLabelText('Full Name'), 'Jordan Smith');
    await user.type(screen.getByLabelText('Email'), 'jordan@example.com');
    await user.type(screen.getByLabelText('Password'), 'supersecret');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription('An account with this email already exists'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('maps a 400 response’s fieldErrors onto the fields', async () => {
    mockFetch({
      ...signedOut,
      'POST /api/register': {
        status: 400,
        body: { message: 'Invalid input', code: 'VALIDATION', fieldErrors: { password: ['Password is too common'] } },
      },
    });
    const { user } = await openAuth();
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await user.type(screen.getByLabelText('Full Name'), 'Jordan Smith');
    await user.type(screen.getByLabelText('Email'), 'jordan@example.com');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is too common'),
    );
  });

  it('shows a destructive "Login failed" toast with the server message on bad credentials', async () => {
    mockFetch({
      ...signedOut,
      'POST /api/login': { status: 401, body: { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' } },
    });
    const { user, router } = await openAuth();
    await user.type(screen.getByLabelText('Email'), 'jordan@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const title = await screen.findByText('Login failed');
    const toastEl = title.closest('[data-variant]');
    expect(toastEl).toHaveAttribute('data-variant', 'destructive');
    expect(within(toastEl as HTMLElement).getByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('keeps a 429 (too many failed attempts) on the form with how long to wait', async () => {
    const message = 'Too many failed sign-in attempts. Try again in 4 minutes.';
    mockFetch({
      ...signedOut,
      'POST /api/login': { status: 429, body: { message, code: 'RATE_LIMITED' } },
    });
    const { user, router } = await openAuth();
    await user.type(screen.getByLabelText('Email'), 'jordan@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign-in paused');
    expect(alert).toHaveTextContent(message);
    expect(within(screen.getByRole('form', { name: 'Sign in' })).getByRole('alert')).toBe(alert);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('sends an already signed-in user to /', async () => {
    mockFetch({ 'GET /api/user': { status: 200, body: sampleUser } });
    const { router } = renderApp('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: new RegExp(sampleUser.name), level: 1 })).toBeInTheDocument();
  });
});
