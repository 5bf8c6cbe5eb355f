/**
 * The page's first script, small and without React: it decides where the first load goes and
 * starts what that screen needs, then loads the app.
 *
 * - A signed-out visitor (no signed-in hint cookie) to a signed-in screen goes to /auth before
 *   anything of the signed-in app downloads.
 * - A signed-in visitor's first reads (the user, their teams, Home's team data) start now, beside
 *   the app's code, instead of after it; the layout and Home's screen download beside it too.
 * - On Home, the picture of Home kept at the last visit shows until the live Home is ready.
 */
import './index.css';
import { startEarlyData } from './app/boot/early-data.ts';
import { showHomeSnapshot } from './app/boot/home-snapshot.ts';
import { isSignedInPath, startPath } from './app/boot/start-path.ts';

const { redirect, signedIn } = startPath(window.location.pathname, document.cookie);
let pictureShown = false;
if (redirect) {
  window.history.replaceState(null, '', redirect);
} else if (signedIn && isSignedInPath(window.location.pathname)) {
  startEarlyData(window.location);
  void import('./components/layouts/app-shell.tsx');
  if (window.location.pathname === '/') {
    void import('./features/dashboard/routes/dashboard.tsx');
    try {
      pictureShown = showHomeSnapshot();
    } catch {
      // Storage refused (a privacy setting): Home shows once the app has started, as on a first visit.
    }
  }
}

const startApp = () => void import('./main.tsx');
// The app's start is a long task on a phone: the kept picture is painted before it begins.
if (pictureShown) requestAnimationFrame(() => setTimeout(startApp, 0));
else startApp();
