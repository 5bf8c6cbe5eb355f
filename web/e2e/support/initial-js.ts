import { readFileSync } from 'node:fs';
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
  for (const module of routeModules) visit(module);
  return [...files].filter((file) => file.endsWith('.js'));
}

/** Bytes of those files gzipped (zlib's default level, as `vite build` reports them). */
export function gzippedBytes(files: readonly string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(webDist, file))).length, 0);
}

/** The route modules each budgeted screen needs (see web/src/app/router.tsx). */
export const budgetedRoutes = {
  'sign-in': ['src/features/auth/routes/auth.tsx'],
  home: ['src/components/layouts/app-shell.tsx', 'src/features/dashboard/routes/dashboard.tsx'],
} as const;
