import { benchChat } from './chat.ts';
import { benchContention } from './contention.ts';
import { benchEventStore } from './event-store.ts';
import { benchEvents } from './events.ts';
import { benchMedia } from './media.ts';
import { benchWeb } from './web.ts';
import { benchReads } from './reads.ts';
import { benchMatches } from './matches.ts';
import { benchActivity } from './activity.ts';

/**
 * `npx tsx bench/run.ts [name …]` runs the named benches (all when none is named).
 * Add a bench by adding an entry here.
 */
const benches: Record<string, () => Promise<void>> = {
  'event-store': benchEventStore,
  chat: benchChat,
  events: benchEvents,
  media: benchMedia,
  contention: benchContention,
  web: benchWeb,
  reads: benchReads,
  matches: benchMatches,
  activity: benchActivity,
};

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(`Unknown bench: ${unknown.join(', ')}. Available: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}

for (const name of requested.length > 0 ? requested : Object.keys(benches)) {
  console.log(`\n## ${name}\n`);
  const started = performance.now();
  await benches[name]!();
  console.log(`\n(${name}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
