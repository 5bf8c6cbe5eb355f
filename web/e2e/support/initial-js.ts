import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

export type Manifest = Record<string, ManifestChunk>;

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/**
 * The JavaScript files a browser must download before a route shows: the entry, the route's own
 * chunks (the layout and the screen, `lazy` in the router) and everything they import statically.
 * Dynamic imports (code loaded on first use) are not part of it.
 */
export function initialFiles(manifest: Manifest, routeModules: readonly string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  // The first script (boot.ts) decides where to go, then loads the app (preloaded by the page).
  visit('src/main.tsx');
  for (const module of routeModules) visit(module);
  return [...files].filter((file) => file.endsWith('.js'));
}

/** Bytes of those files gzipped (zlib's default level, as `vite build` reports them). */
export function gzippedBytes(files: readonly string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(webDist, file))).length, 0);
}

/** Bytes of those files as the server sends them to a browser: their brotli copies from the build. */
export function compressedBytes(files: readonly string[]): number {
  return files.reduce((sum, file) => {
    const brotli = path.join(webDist, `${file}.br`);
    return sum + (existsSync(brotli) ? statSync(brotli).size : gzipSync(readFileSync(path.join(webDist, file))).length);
  }, 0);
}

const shell = 'src/components/layouts/app-shell.tsx';
const screen = (path: string) => [shell, `src/features/${path}.tsx`];

/** The route modules each screen needs (see web/src/app/router.tsx): every route of the app. */
export const budgetedRoutes = {
  'sign-in': ['src/features/auth/routes/auth.tsx'],
  invitation: ['src/features/invitations/routes/invite.tsx'],
  'not found': ['src/app/routes/not-found.tsx'],
  home: screen('dashboard/routes/dashboard'),
  teams: screen('teams/routes/teams'),
  'a team': screen('teams/routes/team'),
  'create team': screen('teams/routes/create-team'),
  chat: screen('chat/routes/chat'),
  events: screen('calendar/routes/events'),
  media: screen('media/routes/media'),
  livestream: screen('livestreams/routes/livestream'),
  rewards: screen('rewards/routes/gamification'),
  'club admin': screen('orgs/routes/org-admin'),
  seasons: screen('seasons/routes/seasons'),
  'a season': screen('seasons/routes/season-teams'),
  matches: screen('matches/routes/matches'),
  sports: screen('sports/routes/sports-demo'),
  'admin portal': screen('admin/routes/portal'),
  settings: screen('settings/routes/settings'),
} as const;
