import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from './start-command.ts';

/** Where `npm run build:server` writes the server `npm start` runs. */
export const serverBundle = path.join(repoRoot, 'command-api/dist/main.mjs');

/**
 * Bundles a server entry point (Sideline's `main.ts`, or the chat bench's server) and the
 * workspace packages it imports into one ES module; packages from node_modules stay imports.
 *
 * `npm start` runs the bundle with plain node rather than through tsx: tsx keeps every source
 * file's text and source map in the server's heap and transforms on the fly, which cost the
 * embedded server about 35 MB of its idle RSS (docs/performance.md, Chat).
 *
 * The output keeps the depth of a package's `src/` (`{package}/dist/`), so paths the code builds
 * from `import.meta.url` (the web app's `web/dist`) resolve the same; PGlite's worker script is
 * copied beside it for the same reason.
 */
export async function bundleServer(options: { entry: string; outfile: string }): Promise<void> {
  await build({
    entryPoints: [options.entry],
    outfile: options.outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // A map beside the bundle: with --enable-source-maps (docs/operations.md) stack traces name
    // the TypeScript files; without it the map costs the server nothing.
    sourcemap: 'linked',
    logLevel: 'warning',
    // CommonJS dependencies bundled into an ES module call require().
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [
      {
        // The workspace's own packages (TypeScript) are bundled; everything else is imported
        // from node_modules at run time, as tsx would (native addons, wasm and assets stay put).
        name: 'node-modules-external',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@sideline/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  const outDir = path.dirname(options.outfile);
  await mkdir(outDir, { recursive: true });
  await copyFile(path.join(repoRoot, 'infra/src/db/pglite-worker.mjs'), path.join(outDir, 'pglite-worker.mjs'));
}

/** Bundles Sideline's server (`command-api/src/main.ts`) into `serverBundle`. */
export function bundleSidelineServer(): Promise<void> {
  return bundleServer({ entry: path.join(repoRoot, 'command-api/src/main.ts'), outfile: serverBundle });
}
