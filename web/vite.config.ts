import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const apiTarget = process.env.SIDELINE_API_URL ?? 'http://127.0.0.1:3000';

// https://vite.dev/config/
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
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
            { name: 'xstate', test: /node_modules[\\/]xstate[\\/]/, priority: 20 },
            // Its own chunk, fetched when a form first validates: never merged into a chunk that
            // a screen needs to show.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
