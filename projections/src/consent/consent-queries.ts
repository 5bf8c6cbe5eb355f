import { sql, type Kysely } from 'kysely';
import {
  consentEffective,
  DEFAULT_CONSENT_TEXT,
  type AdminConsentRow,
  type ConsentKind,
  type ConsentState,
  type ConsentStatus,
  type OrgConsentSettings,
  type PlayerConsents,
  type RosterConsents,
  type TeamConsentSummary,
  type UnknownConsentPolicy,
} from '@sideline/domain';
import type { ReadModels } from '../read-models.ts';

/** The organization's consent wording and rule; the default (version 1, ask first) until its admins change them. */
export async function orgConsentSettings(
  database: Kysely<ReadModels>,
  orgId: string | null,
): Promise<OrgConsentSettings> {
  const row = orgId
    ? await database.selectFrom('org_consent_settings').selectAll().where('org_id', '=', orgId).executeTakeFirst()
    : undefined;
  return {
    text: row?.text ?? DEFAULT_CONSENT_TEXT,
    version: row?.version ?? 1,
    unknownTeamOnly: (row?.unknown_team_only as UnknownConsentPolicy | undefined) ?? 'askFirst',
    updatedAt: row ? row.updated_at.toISOString() : null,
  };
}

/** The settings that apply to a team: its organization's (an independent team has the defaults). */
export async function teamConsentSettings(database: Kysely<ReadModels>, teamId: string): Promise<OrgConsentSettings> {
  const team = await database.selectFrom('teams').select('org_id').where('id', '=', teamId).executeTakeFirst();
  return orgConsentSettings(database, team?.org_id ?? null);
}

/**
 * Who the user is to the player: a linked guardian, the player's own account, or neither, and
 * whether the roster says the player is an adult; null when no such player in the team.
 */
export async function playerConsentRelation(
  database: Kysely<ReadModels>,
  teamId: string,
  playerId: string,
  userId: string,
): Promise<{ isGuardian: boolean; isAccount: boolean; isAdult: boolean } | null> {
  const db = database;
  const player = await db
    .selectFrom('players')
    .select([
      'players.id',
      'players.adult',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('player_guardians')
              .select(sql<number>`1`.as('one'))
              .where('player_guardians.player_id', '=', playerId)
              .where('player_guardians.user_id', '=', userId)
              .where('player_guardians.valid_to', 'is', null),
          )
          .as('is_guardian'),
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('player_accounts')
              .select(sql<number>`1`.as('one'))
              .where('player_accounts.player_id', '=', playerId)
              .where('player_accounts.user_id', '=', userId)
              .where('player_accounts.valid_to', 'is', null),
          )
          .as('is_account'),
    ])
    .where('players.id', '=', playerId)
    .where('players.team_id', '=', teamId)
    .executeTakeFirst();
  if (!player) return null;
  return {
    isGuardian: Boolean(player.is_guardian),
    isAccount: Boolean(player.is_account),
    isAdult: Boolean(player.adult),
  };
}

const unknownStatus = (kind: ConsentKind, policy: UnknownConsentPolicy): ConsentStatus => ({
  state: 'unknown',
  by: null,
  at: null,
  textVersion: null,
  outdated: false,
  effective: consentEffective(kind, 'unknown', policy),
});

/**
 * A player's three consents and their ledger, newest first. With `at`, as they stood then (the
 * latest answer of each consent at or before that moment).
 */
export async function playerConsents(
  database: Kysely<ReadModels>,
  teamId: string,
  playerId: string,
  options: { canAnswer: boolean; at?: Date },
): Promise<PlayerConsents> {
  const db = database;
  const settings = await teamConsentSettings(database, teamId);
  let history = db
    .selectFrom('consent_history')
    .leftJoin('users', 'users.id', 'consent_history.by_id')
    .select([
      'consent_history.id',
      'consent_history.consent',
      'consent_history.state',
      'consent_history.by_id',
      'users.name',
      'consent_history.at',
      'consent_history.text_version',
      'consent_history.address',
      'consent_history.browser',
    ])
    .where('consent_history.player_id', '=', playerId)
    .where('consent_history.team_id', '=', teamId)
    .orderBy('consent_history.at', 'desc')
    .orderBy('consent_history.id', 'desc');
  if (options.at) history = history.where('consent_history.at', '<=', options.at);
  const rows = await history.execute();
  const entries = rows.map((r) => ({
    consent: r.consent as ConsentKind,
    state: r.state as 'given' | 'withheld',
    by: { id: r.by_id, name: r.name ?? 'Unknown User' },
    at: r.at.toISOString(),
    textVersion: r.text_version,
    address: r.address,
    browser: r.browser,
  }));
  const status = (kind: ConsentKind): ConsentStatus => {
    const last = entries.find((e) => e.consent === kind);
    if (!last) return unknownStatus(kind, settings.unknownTeamOnly);
    return {
      state: last.state,
      by: last.by,
      at: last.at,
      textVersion: last.textVersion,
      outdated: last.textVersion < settings.version,
      effective: consentEffective(kind, last.state, settings.unknownTeamOnly),
    };
  };
  return {
    playerId,
    photos: status('photos'),
    livestream: status('livestream'),
    public: status('public'),
    wording: { text: settings.text, version: settings.version },
    canAnswer: options.canAnswer,
    history: entries,
  };
}

/**
 * The consents of the team's players, each the latest answer at or before `at` (now without it):
 * the roster at a moment shows consents as they stood. Players never answered for are absent.
 */
export async function rosterConsents(
  database: Kysely<ReadModels>,
  teamId: string,
  playerIds: readonly string[],
  at?: Date,
): Promise<Map<string, RosterConsents>> {
  const result = new Map<string, RosterConsents>();
  if (playerIds.length === 0) return result;
  let query = database
    .selectFrom('consent_history')
    .leftJoin('users', 'users.id', 'consent_history.by_id')
    .select([
      'consent_history.player_id',
      'consent_history.consent',
      'consent_history.state',
      'consent_history.by_id',
      'users.name',
      'consent_history.at',
      'consent_history.text_version',
    ])
    .where('consent_history.team_id', '=', teamId)
    .where('consent_history.player_id', 'in', playerIds)
    // The latest answer of each player's consent: the ledger's own order (time, then entry).
    .distinctOn(['consent_history.player_id', 'consent_history.consent'])
    .orderBy('consent_history.player_id')
    .orderBy('consent_history.consent')
    .orderBy('consent_history.at', 'desc')
    .orderBy('consent_history.id', 'desc');
  if (at) query = query.where('consent_history.at', '<=', at);
  const unanswered = { state: 'unknown' as const, by: null, at: null, textVersion: null };
  for (const id of playerIds) result.set(id, { photos: unanswered, livestream: unanswered, public: unanswered });
  for (const row of await query.execute()) {
    const entry = result.get(row.player_id);
    if (!entry) continue;
    entry[row.consent as ConsentKind] = {
      state: row.state as 'given' | 'withheld',
      by: { id: row.by_id, name: row.name ?? 'Unknown User' },
      at: row.at.toISOString(),
      textVersion: row.text_version,
    };
  }
  return result;
}

/** The team's players the user is now a linked guardian of, or the own account of. */
export async function playersLinkedTo(
  database: Kysely<ReadModels>,
  teamId: string,
  userId: string,
): Promise<Set<string>> {
  const linked = (table: 'player_guardians' | 'player_accounts') =>
    database
      .selectFrom(table)
      .select('player_id')
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .where('valid_to', 'is', null)
      .execute();
  const [guardians, accounts] = await Promise.all([linked('player_guardians'), linked('player_accounts')]);
  return new Set([...guardians, ...accounts].map((r) => r.player_id));
}

interface CurrentRow {
  player_id: string;
  consent: string;
  state: string;
  text_version: number;
  at: Date;
}

async function currentOfTeams(database: Kysely<ReadModels>, teamIds: readonly string[]): Promise<CurrentRow[]> {
  if (teamIds.length === 0) return [];
  return database
    .selectFrom('consent_current')
    .select(['player_id', 'consent', 'state', 'text_version', 'at'])
    .where('team_id', 'in', teamIds)
    .execute();
}

const stateOf = (rows: readonly CurrentRow[], playerId: string, kind: ConsentKind): ConsentState =>
  (rows.find((r) => r.player_id === playerId && r.consent === kind)?.state as ConsentState | undefined) ?? 'unknown';

/** Per player of the team, whether each consent counts as given now; and how many lack each. */
export async function teamConsentSummary(database: Kysely<ReadModels>, teamId: string): Promise<TeamConsentSummary> {
  const db = database;
  const [players, current, settings] = await Promise.all([
    db.selectFrom('players').select('id').where('team_id', '=', teamId).orderBy('added_at').orderBy('id').execute(),
    currentOfTeams(database, [teamId]),
    teamConsentSettings(database, teamId),
  ]);
  const effective = (playerId: string, kind: ConsentKind) =>
    consentEffective(kind, stateOf(current, playerId, kind), settings.unknownTeamOnly);
  const rows = players.map((p) => ({
    playerId: p.id,
    photos: effective(p.id, 'photos'),
    livestream: effective(p.id, 'livestream'),
    public: effective(p.id, 'public'),
  }));
  return {
    players: rows,
    withoutPhotos: rows.filter((r) => !r.photos).length,
    withoutLivestream: rows.filter((r) => !r.livestream).length,
    withoutPublic: rows.filter((r) => !r.public).length,
  };
}

/** The named players of the team whose photo consent does not count as given, by name; and ids not on its roster. */
export async function playersWithoutPhotoConsent(
  database: Kysely<ReadModels>,
  teamId: string,
  playerIds: readonly string[],
): Promise<{ missing: Array<{ id: string; name: string }>; unknownIds: string[] }> {
  if (playerIds.length === 0) return { missing: [], unknownIds: [] };
  const db = database;
  const [players, current, settings] = await Promise.all([
    db
      .selectFrom('players')
      .select(['id', 'name'])
      .where('team_id', '=', teamId)
      .where('id', 'in', playerIds)
      .execute(),
    currentOfTeams(database, [teamId]),
    teamConsentSettings(database, teamId),
  ]);
  const found = new Set(players.map((p) => p.id));
  return {
    missing: players
      .filter((p) => !consentEffective('photos', stateOf(current, p.id, 'photos'), settings.unknownTeamOnly))
      .map((p) => ({ id: p.id, name: p.name })),
    unknownIds: playerIds.filter((id) => !found.has(id)),
  };
}

/** Every player of the organization's teams (or one team of it): the current state and when it last changed. */
export async function adminConsentRows(
  database: Kysely<ReadModels>,
  orgId: string,
  teamId?: string,
): Promise<AdminConsentRow[]> {
  const db = database;
  let teamsQuery = db
    .selectFrom('teams')
    .select(['id', 'name'])
    .where('org_id', '=', orgId)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id');
  if (teamId) teamsQuery = teamsQuery.where('id', '=', teamId);
  const teams = await teamsQuery.execute();
  const teamIds = teams.map((t) => t.id);
  if (teamIds.length === 0) return [];
  const [players, current, settings] = await Promise.all([
    db
      .selectFrom('players')
      .select(['id', 'team_id', 'name'])
      .where('team_id', 'in', teamIds)
      .orderBy('added_at')
      .orderBy('id')
      .execute(),
    currentOfTeams(database, teamIds),
    orgConsentSettings(database, orgId),
  ]);
  const rows: AdminConsentRow[] = [];
  for (const team of teams) {
    for (const p of players.filter((x) => x.team_id === team.id)) {
      const own = current.filter((r) => r.player_id === p.id);
      const last = own.reduce<Date | null>((max, r) => (max === null || r.at > max ? r.at : max), null);
      rows.push({
        teamId: team.id,
        teamName: team.name,
        playerId: p.id,
        playerName: p.name,
        photos: stateOf(own, p.id, 'photos'),
        livestream: stateOf(own, p.id, 'livestream'),
        public: stateOf(own, p.id, 'public'),
        lastChangedAt: last ? last.toISOString() : null,
        outdated: own.some((r) => r.text_version < settings.version),
      });
    }
  }
  return rows;
}

/** The team's rostered players for whom any of `kinds` does not count as given now, by name. */
export async function playersLackingConsent(
  database: Kysely<ReadModels>,
  teamId: string,
  kinds: readonly ConsentKind[],
): Promise<Array<{ id: string; name: string; missing: ConsentKind[] }>> {
  const db = database;
  const [players, current, settings] = await Promise.all([
    db
      .selectFrom('players')
      .select(['id', 'name'])
      .where('team_id', '=', teamId)
      .orderBy('added_at')
      .orderBy('id')
      .execute(),
    currentOfTeams(database, [teamId]),
    teamConsentSettings(database, teamId),
  ]);
  return players
    .map((p) => ({
      id: p.id,
      name: p.name,
      missing: kinds.filter((k) => !consentEffective(k, stateOf(current, p.id, k), settings.unknownTeamOnly)),
    }))
    .filter((p) => p.missing.length > 0);
}
