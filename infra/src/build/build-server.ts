import path from 'node:path';
import { bundleSidelineServer, serverBundle } from './bundle-server.ts';

// `npm run build:server`: the bundle `npm start` runs.
const started = performance.now();
await bundleSidelineServer();
console.log(
  `Bundled the server into ${path.relative(process.cwd(), serverBundle)} in ${Math.round(performance.now() - started)} ms`,
);
