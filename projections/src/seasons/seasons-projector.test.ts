import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createLogger } from '@sideline/infra';
import { testDatabaseKinds } from '@sideline/infra/testing';
import {
  fold,
  orgDecider,
  orgStream,
  seasonDecider,
  seasonStream,
  type LegacySeasonCreated,
  type LegacySeasonUpdated,
  type SeasonCommand,
} from '@sideline/domain';
import { orgsProjector } from '../orgs/orgs-projector.ts';
import { rebuildProjections } from '../runner/rebuild.ts';
import { projectorFixtures, type ProjectorFixture } from '../testing/projector-fixture.ts';
import { seasonsMigrations } from './seasons-read-model.ts';
import { seasonsProjector } from './seasons-projector.ts';
import { listSeasons } from './seasons-queries.ts';

const logger = createLogger({ level: 'silent' });
const projectors = [orgsProjector, seasonsProjector];
const { fixture, project } = projectorFixtures(projectors);
const NOW = new Date('2026-05-13T12:00:00.000Z');
const meta = () => ({
  actorId: 'a1',
  correlationId: 'c',
  causationId: null,
  occurredAt: new Date(NOW.getTime() - 60_000).toISOString(),
});
const dates = { startDate: '2026-03-01', endDate: '2026-06-30' };

async function append(f: ProjectorFixture, stream: string, events: { type: string; data: unknown }[]) {
  f.last = (
    await f.eventStore.appendToStream(
      stream,
      events.map((e) => ({ ...e, metadata: meta() })),
      { expectedRevision: 'any' },
    )
  ).position;
}

/** What the real season decider appends for the command, against the stream as stored. */
async function decide(f: ProjectorFixture, seasonId: string, command: SeasonCommand) {
  const history = await f.eventStore.readStream(seasonStream(seasonId));
  const state = fold(
    seasonDecider,
    history.map((e) => ({ type: e.type, data: e.data }) as Parameters<typeof seasonDecider.evolve>[1]),
  );
  await append(f, seasonStream(seasonId), seasonDecider.decide(command, state));
}

const sports = async (f: ProjectorFixture) =>
  (await listSeasons(f.database.db, ['o1'], NOW)).map((s) => [s.name, s.sportId, s.sportName, s.sport]);

for (const kind of await testDatabaseKinds()) {
  describe(`seasons projector on ${kind}`, () => {
    it('projects stored seasons of the first shape (sport by name) with the catalogue id, live and on rebuild', async () => {
      const f = await fixture(kind);
      await append(
        f,
        orgStream('o1'),
        orgDecider.decide(
          {
            type: 'CreateOrganization',
            data: {
              orgId: 'o1',
              name: 'Riverside FC',
              description: null,
              timezone: 'UTC',
              defaultSport: 'Soccer',
              creatorId: 'a1',
            },
          },
          orgDecider.initialState,
        ),
      );
      // Exactly what the previous decider appended; stored events are never rewritten.
      const oldCreated = (seasonId: string, name: string, sport: string): LegacySeasonCreated => ({
        type: 'SeasonCreated',
        data: { seasonId, orgId: 'o1', name, sport, ...dates, isActive: true, by: 'a1' },
      });
      const oldUpdated: LegacySeasonUpdated = {
        type: 'SeasonUpdated',
        data: { seasonId: 's2', orgId: 'o1', name: 'Fall', sport: 'Basketball', ...dates, by: 'a1' },
      };
      await append(f, seasonStream('s1'), [oldCreated('s1', 'Spring', 'Track & Field')]);
      await append(f, seasonStream('s2'), [oldCreated('s2', 'Fall', 'Soccer'), oldUpdated]);
      // A season of the current shape, and an edit of an old one through the real decider.
      await decide(f, 's3', {
        type: 'CreateSeason',
        data: {
          seasonId: 's3',
          orgId: 'o1',
          name: 'Winter',
          sportId: 'hockey',
          ...dates,
          isActive: true,
          by: 'a1',
          byIsOrgAdmin: true,
        },
      });
      await decide(f, 's1', {
        type: 'UpdateSeason',
        data: { seasonId: 's1', name: 'Spring Relays', sportId: 'track_field', ...dates, by: 'a1', byIsOrgAdmin: true },
      });
      await project(f);
      const expected = [
        ['Fall', 'basketball', 'Basketball', 'Basketball'],
        ['Spring Relays', 'track_field', 'Track & Field', 'Track & Field'],
        ['Winter', 'hockey', 'Hockey', 'Hockey'],
      ];
      expect((await sports(f)).sort()).toEqual(expected);

      await rebuildProjections({ ...f, logger, projectors: [seasonsProjector] });
      expect((await sports(f)).sort()).toEqual(expected);

      // Rows projected before seasons had sport_id get it from their name, as a rebuild would give.
      await sql`ALTER TABLE seasons DROP COLUMN sport_id`.execute(f.database.db);
      await seasonsMigrations['1920_seasons_sport_id']!.up(f.database.db);
      expect((await sports(f)).sort()).toEqual(expected);
    });
  });
}
