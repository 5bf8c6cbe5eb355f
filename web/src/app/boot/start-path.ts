import { paths } from '../../config/paths.ts';

/** Screens anyone may open: everything else is a signed-in screen (or the not-found page). */
const signedInPrefixes = Object.entries(paths)
  .filter(([name]) => name !== 'auth' && name !== 'invite' && name !== 'home')
  .map(([, path]) => path);

/** Whether `pathname` is a screen of the signed-in app (`/`, `/chat/…`, `/team/…`, …). */
export function isSignedInPath(pathname: string): boolean {
  if (pathname === paths.home) return true;
  return signedInPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * Whether the server's signed-in hint is set: a cookie the page may read beside the HttpOnly
 * session cookie (`sideline_signed_in=1`, `__Host-`-prefixed behind https), set at sign-in and
 * cleared at sign-out. It only steers the first load; the server authorises every request.
 */
export function hasSignedInHint(cookie: string): boolean {
  return /(?:^|;\s*)(?:__Host-)?sideline_signed_in=1(?:;|$)/.test(cookie);
}

/**
 * Where the first load goes: a signed-out visitor to a signed-in screen goes to the sign-in
 * screen straight away, before the signed-in app downloads.
 */
export function startPath(pathname: string, cookie: string): { redirect: string | null; signedIn: boolean } {
  const signedIn = hasSignedInHint(cookie);
  return { redirect: !signedIn && isSignedInPath(pathname) ? paths.auth : null, signedIn };
}
