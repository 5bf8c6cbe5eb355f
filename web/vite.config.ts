import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = process.env.SIDELINE_API_URL ?? 'http://127.0.0.1:3000';
const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * The version of the data shapes the offline cache holds (lib/offline/persisted-cache.ts): a
 * hash of the domain's sources (its schemas describe every API answer) and of the web app's API
 * modules. A build that changes them drops what devices stored; one that changes only screens
 * keeps it, so a deploy does not leave a phone at the field with nothing to show.
 */
function cacheVersion(): string {
  const hash = createHash('sha256');
  const walk = (dir: string, keep: (file: string) => boolean) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file, keep);
      else if (keep(file)) hash.update(path.relative(webRoot, file)).update(readFileSync(file));
    }
  };
  const source = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);
  walk(path.join(webRoot, '../domain/src'), source);
  walk(path.join(webRoot, 'src'), (file) => /[\\/](api|types|query-keys|case)\.ts$/.test(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The app's code (main.tsx's chunk and what it imports) is preloaded from the page itself, so it
 * downloads beside the first script rather than after it (boot.ts imports it dynamically, after
 * deciding where the first load goes).
 */
function preloadApp(): Plugin {
  return {
    name: 'sideline:preload-app',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const main = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/main.tsx'));
        if (!main) throw new Error('sideline:preload-app: no chunk for src/main.tsx');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = chunks.find((c) => c.fileName === fileName);
          for (const imported of chunk?.imports ?? []) visit(imported);
        };
        visit(main.fileName);
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (entry) {
          files.delete(entry.fileName);
          for (const imported of entry.imports) files.delete(imported);
        }
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * lucide-react's icon files (`icons/house.mjs`) that the shell (web/src/app, the layouts, the
 * small UI parts, the offline and PWA pieces, the profile menu) imports: the icons every screen
 * shows. Read from the sources and lucide's index (which names each file under all its aliases).
 */
function shellIconFiles(): Set<string> {
  const lucideIndex = readFileSync(
    path.join(webRoot, '../node_modules/lucide-react/dist/esm/lucide-react.mjs'),
    'utf8',
  );
  const fileOf = new Map<string, string>();
  for (const [, names, file] of lucideIndex.matchAll(/export \{([^}]+)\} from '\.\/icons\/([a-z0-9-]+\.mjs)'/g)) {
    for (const [, name] of names!.matchAll(/default as (\w+)/g)) fileOf.set(name!, file!);
  }
  const shell =
    /[\\/]src[\\/](app|components[\\/](layouts|ui)|lib[\\/](offline|pwa)|features[\\/]auth[\\/]components)[\\/]/;
  const files = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && shell.test(file)) {
        for (const [, names] of readFileSync(file, 'utf8').matchAll(/import \{([^}]+)\} from 'lucide-react'/g)) {
          for (const name of names!.split(',').map(
            (n) =>
              n
                .trim()
                .replace(/^type\s+/, '')
                .split(/\s+as\s+/)[0]!,
          )) {
            const icon = fileOf.get(name);
            if (icon) files.add(icon);
          }
        }
      }
    }
  };
  walk(path.join(webRoot, 'src'));
  return files;
}

/**
 * Icons of many screens that are not the shell's (New …, a place, a copy button, live video,
 * people): in the shell's icon chunk they cost every screen about 0.1 KB each, while as files of
 * their own each cost the screens that show them a request and its headers (about 0.4 KB).
 */
const commonIcons = ['plus.mjs', 'map-pin.mjs', 'copy.mjs', 'users.mjs', 'radio.mjs'];
const shellIcons = new Set([...shellIconFiles(), ...commonIcons]);

const routerBuild = (file: string) => path.join(webRoot, '../node_modules/react-router/dist/production', file);

// https://vite.dev/config/
export default defineConfig(({ command }) => ({
  root: webRoot,
  resolve: {
    // React Router's package points every import at its development build (warnings included);
    // its production build is the same code without them.
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
          ]
        : [],
  },
  define: {
    __SIDELINE_CACHE_VERSION__: JSON.stringify(cacheVersion()),
  },
  plugins: [
    react(),
    tailwindcss(),
    preloadApp(),
    // The web app manifest (linked from the page) and the service worker (web/src/sw/sw.ts),
    // which precaches this build's files; the page registers it itself after it has loaded
    // (lib/pwa/register-service-worker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Sideline',
        short_name: 'Sideline',
        description: 'Team chat, events, media and rewards for youth sports.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        // The brand colour of the header's theme and the app's page background (index.css).
        theme_color: '#4f46e5',
        background_color: '#f8fafc',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // Every hashed chunk of every screen, the page, styles and icons: moving between screens
        // offline never waits on the network. (The .br/.gz copies are the server's business.)
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      },
    }),
    // Brotli and gzip copies of every text asset, made once at build time; the server sends the
    // one the browser accepts (command-api/src/spa/spa.ts), never compressing them per request.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|mjs|css|html|svg|json|txt)$/,
      exclude: /\.map$/,
      threshold: 1024,
    }),
  ],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  build: {
    // Every browser Sideline supports (Chrome, Edge, Firefox 115+, Safari 17+) preloads module
    // scripts itself; the polyfill only cost the first load bytes.
    modulePreload: { polyfill: false },
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each screen needs (web/e2e/bundle-budget.e2e.test.ts).
    manifest: true,
    rolldownOptions: {
      // The domain package is pure (schemas, rules, machines): a screen keeps only what it uses,
      // so the sign-in screen does not carry the calendar's recurrence library.
      // Building a zod schema has no side effect either: an unused one is dropped, so a screen that
      // needs one constant of a schema module does not carry zod.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
      output: {
        // Long-lived chunks for the libraries every screen needs, so an app change does not
        // invalidate their cache. Other libraries go with the screens that use them: one catch-all
        // vendor chunk would make the sign-in screen download the Media Hub's libraries.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            {
              name: 'router',
              test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            // The live connection's state machines (and the upload's and the match lifecycle's)
            // share one long-lived chunk instead of the bundler's fragments of it.
            // The reconnect machine that every signed-in screen starts after its first paint goes with it.
            {
              name: 'xstate',
              test: /(node_modules[\\/]xstate[\\/]|[\\/]src[\\/]lib[\\/]socket[\\/](start-reconnect-actor|reconnect-machine|socket-actor)\.ts$)/,
              priority: 20,
              includeDependenciesRecursively: false,
            },
            // The data cache, which every screen and the offline pieces build on.
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
              priority: 20,
            },
            // Its own chunk, fetched when a form first validates: never merged into a chunk that
            // a screen needs to show.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
            // The icons the shell shows (the navigation, the banners, the small UI parts) and lucide's
            // shared code in one chunk, loaded by every screen; a screen's other icons go with it
            // (or with the parts that use them) instead of every screen downloading all of them.
            {
              name: (id: string) => {
                if (!/node_modules[\\/]lucide-react[\\/]/.test(id)) return null;
                const icon = /[\\/]icons[\\/]([a-z0-9-]+\.mjs)$/.exec(id)?.[1];
                return icon === undefined || shellIcons.has(icon) ? 'icons' : null;
              },
              priority: 20,
            },
            // Date helpers and Radix's shared parts in one chunk each rather than one per function:
            // each file costs a request, a round of headers and its own compression.
            // Not the month-counting distance ("about 2 months"): only the Livestream and the club's
            // screens show it, and Home and the chat would carry it for nothing.
            {
              name: 'dates',
              test: (id: string) =>
                /node_modules[\\/]date-fns[\\/]/.test(id) &&
                !/[\\/](formatDistance|formatDistanceToNow|formatDistanceToNowStrict|differenceInMonths|differenceInCalendarMonths|endOfMonth|endOfDay|isLastDayOfMonth)\.js$/.test(
                  id,
                ),
              priority: 20,
            },
            // What the first script needs (boot.ts), apart from the app it loads: Vite's preload
            // helper included, or the first script would wait for whichever chunk held it.
            {
              name: 'boot',
              test: /(preload-helper|[\\/]src[\\/](app[\\/]boot[\\/]|lib[\\/](early-requests|query-keys)\.ts|config[\\/]paths\.ts|features[\\/]teams[\\/]selected-team-store\.ts))/,
              priority: 30,
            },
            // The live match card and what it shows (Home, a team, the club admin's and the admin
            // portal's live lists; its score and status labels too, which Games also uses), and the team switcher with the selected team (Home, Events,
            // Media, Livestream): one file each rather than four and two.
            {
              name: 'live-match-card',
              test: /([\\/]src[\\/]features[\\/]matches[\\/](lib[\\/](match-clock|timeline|kick-off|match-summary|match-display)\.ts|components[\\/]live-match-card\.tsx)|[\\/]domain[\\/]src[\\/]matches[\\/]stat-kinds\.ts)$/,
              priority: 5,
              includeDependenciesRecursively: false,
            },
            {
              name: 'team-switcher',
              test: /[\\/]src[\\/]features[\\/]teams[\\/](selected-team\.ts|components[\\/]team-switcher\.tsx)$/,
              priority: 5,
              includeDependenciesRecursively: false,
            },
            // The household's answer rows and the events' API (Home and Events), with the Maybe icon.
            {
              name: 'household-answer-rows',
              test: /([\\/]src[\\/]features[\\/]events[\\/](api\.ts|lib[\\/]event-dates\.ts|components[\\/](answer-send-state|rsvp-buttons|household-answer-rows)\.tsx)|lucide-react[\\/].*[\\/]icons[\\/]circle-question-mark\.mjs)$/,
              priority: 5,
              includeDependenciesRecursively: false,
            },
            // What every signed-in screen loads for offline use, in one chunk: the stored answers,
            // the outbox, IndexedDB's wrapper and the service worker's registration.
            {
              name: 'offline',
              test: /([\\/]src[\\/]lib[\\/](offline|pwa)[\\/]|node_modules[\\/](idb-keyval|workbox-window|@tanstack[\\/]query-(persist-client-core|async-storage-persister))[\\/])/,
              priority: 10,
            },
            // The small building blocks of every screen (buttons, cards, badges, inputs, the class
            // joiner, the toast store, the live connection's context, the API modules the router itself
            // reads) in one chunk, not a dozen.
            {
              name: 'ui',
              test: /[\\/]src[\\/](components[\\/](ui[\\/](avatar|badge|button|card|empty-state|input|label|load-error|select|skeleton|spinner)|logo)\.tsx|components[\\/]ui[\\/]use-toast\.ts|lib[\\/](cn|use-media-query|clipboard|intl-dates)\.ts|lib[\\/]socket[\\/](socket-context|protocol|socket-status)\.ts|features[\\/](auth[\\/]roles|teams[\\/]team-display)\.ts|features[\\/](auth|teams|dashboard)[\\/]api\.ts|features[\\/]matches[\\/]match-boards\.ts)$/,
              priority: 10,
            },
            {
              name: 'radix',
              test: /node_modules[\\/]@radix-ui[\\/](primitive|react-(primitive|slot|compose-refs|context|collection|dismissable-layer|portal|presence|use-[a-z-]+|visually-hidden|id|direction))[\\/]/,
              priority: 15,
            },
          ],
        },
      },
    },
  },
}));
