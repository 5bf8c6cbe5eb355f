import { z } from 'zod';
import { boundedIsoDateTime } from '../shared/dates.ts';
import { ID_MESSAGE, ID_PATTERN, idSchema } from '../shared/ids.ts';
import { safeText, text } from '../shared/text.ts';
import { isSportId } from '../sports/catalogue.ts';
import { clientMessageIdSchema } from '../chat/schemas.ts';
import { matchStatuses } from './machine.ts';
import { isInSteps, MAX_STAT_VALUE } from './scoring.ts';
import { matchSides, OPPONENT_NAME_MAX } from './sides.ts';

/** An id that is required, with the form's own message when it is missing (spec part 2 §5). */
const requiredId = (message: string) =>
  z.string({ error: message }).trim().min(1, message).regex(ID_PATTERN, ID_MESSAGE);

const optionalText = (max: number) =>
  safeText
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const VALUE_MESSAGE = 'Value must be positive';

/** A stat value: a number (or a numeric form string) ≥ 0 in steps of 0.01. */
export const statValueSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: 'Value must be a number' })
    .min(0, VALUE_MESSAGE)
    .max(MAX_STAT_VALUE, `Value must be at most ${MAX_STAT_VALUE.toLocaleString('en-US')}`)
    .refine(isInSteps, 'Use at most two decimals (steps of 0.01)'),
);

export const MATCH_LOCATION_MAX = 200;
export const MATCH_FORMAT_MAX = 100;
export const matchSideSchema = z.enum(matchSides, { error: 'Choose teamA, teamB or opponent' });

/** An id the form may leave empty ('' or absent: null). */
const optionalId = z.preprocess((v) => (v === '' ? null : v), idSchema.nullish()).transform((v) => v ?? null);

const TEAM_OR_OPPONENT = 'Choose the away team or name the opponent';

/** An opponent that is not on Sideline, by name (blank counts as not given). */
const opponentNameSchema = text({ error: 'Name the opponent' })
  .trim()
  .max(OPPONENT_NAME_MAX, `At most ${OPPONENT_NAME_MAX} characters`)
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * POST /api/matches: the match form (spec part 2 §5). Team A plays team B (another Sideline team)
 * or an opponent that is not on Sideline (`opponentName`, 1–80 characters), never both. The
 * season is required unless team A is an independent team (no organization), which the server
 * checks: it then answers 400 naming `seasonId`.
 */
export const scheduleMatchInputSchema = z
  .object({
    seasonId: optionalId,
    sportId: z
      .string({ error: 'Sport is required' })
      .trim()
      .min(1, 'Sport is required')
      .refine(isSportId, 'Choose a sport from the list'),
    teamAId: requiredId('Choose the home team'),
    teamBId: optionalId,
    opponentName: opponentNameSchema,
    startTime: text({ error: 'Start time is required' })
      .trim()
      .min(1, 'Start time is required')
      .pipe(boundedIsoDateTime('Choose a date and a time'))
      .transform((v) => new Date(v).toISOString()),
    location: optionalText(MATCH_LOCATION_MAX),
    format: optionalText(MATCH_FORMAT_MAX),
    /** The spec's client sends status 'scheduled'; a new match is always scheduled. */
    status: z.literal('scheduled').optional(),
  })
  .superRefine(
    (m, ctx) => {
      if (m.teamBId !== null && m.opponentName !== null) {
        ctx.addIssue({ code: 'custom', message: `${TEAM_OR_OPPONENT}, not both`, path: ['opponentName'] });
      } else if (m.teamBId === null && m.opponentName === null) {
        ctx.addIssue({ code: 'custom', message: TEAM_OR_OPPONENT, path: ['teamBId'] });
        ctx.addIssue({ code: 'custom', message: TEAM_OR_OPPONENT, path: ['opponentName'] });
      } else if (m.teamAId === m.teamBId) {
        ctx.addIssue({ code: 'custom', message: 'Choose two different teams', path: ['teamBId'] });
      }
    },
    // The two sides are judged once every field is valid on its own: a bad id or text is said alone.
    { when: (payload) => payload.issues.length === 0 },
  );
export type ScheduleMatchInput = z.input<typeof scheduleMatchInputSchema>;

/**
 * The match form of an organization's team, whose season is required (the server says the same
 * for a team with an organization); its message shows beside the other fields'.
 */
export const seasonMatchInputSchema = scheduleMatchInputSchema.refine((m) => Boolean(m?.seasonId), {
  message: 'Season is required',
  path: ['seasonId'],
  when: () => true,
});

/** PUT /api/matches/{id}: Start Match, Complete Match, Cancel Match. */
export const matchStatusInputSchema = z.object({
  status: z.enum(['in_progress', 'complete', 'cancelled'], { error: 'Choose in_progress, complete or cancelled' }),
});

/** POST /api/matches/{id}/participants: the lineup form (spec part 2 §5). */
export const addParticipantInputSchema = z
  .object({
    userId: idSchema.nullish(),
    playerId: idSchema.nullish(),
    /** Optional when the player is in only one of the two teams. */
    teamId: idSchema.nullish(),
    positionId: safeText
      .max(64)
      .nullish()
      .transform((v) => (v ? v : null)),
    isStarter: z.boolean().default(true),
  })
  .refine((p) => Boolean(p?.userId) || Boolean(p?.playerId), {
    message: 'Player is required',
    path: ['userId'],
    when: () => true,
  })
  .refine((p) => !(p.userId && p.playerId), {
    message: 'Choose either an account or a roster player',
    path: ['playerId'],
  });
export type AddParticipantInput = z.input<typeof addParticipantInputSchema>;

/** POST /api/matches/{id}/substitutions */
export const substitutionInputSchema = z
  .object({
    out: idSchema,
    in: idSchema,
    at: boundedIsoDateTime('Choose a date and a time').optional(),
  })
  .refine((s) => s.out !== s.in, { message: 'Choose two different players', path: ['in'] });
export type SubstitutionInput = z.input<typeof substitutionInputSchema>;

const CONTEXT_MAX = 200;
const REASON_MAX = 500;
const reasonSchema = text({ error: 'Reason is required' })
  .trim()
  .min(1, 'Reason is required')
  .max(REASON_MAX, `At most ${REASON_MAX} characters`);

/**
 * POST /api/matches/{id}/stats: the stat form (spec part 2 §5); the player by participant, account
 * or roster player, or `side: 'opponent'` (no player) for the score of an opponent outside
 * Sideline. `clientId` (or an `Idempotency-Key` header) makes a retried record land once: an
 * offline scorer's outbox replays it safely. A count stat's usual value is 1.
 */
export const recordStatInputSchema = z
  .object({
    participantId: idSchema.nullish(),
    userId: idSchema.nullish(),
    playerId: idSchema.nullish(),
    teamId: idSchema.nullish(),
    statType: text({ error: 'Stat type is required' }).trim().min(1, 'Stat type is required').max(64),
    value: statValueSchema,
    context: optionalText(CONTEXT_MAX),
    side: matchSideSchema.optional(),
    clientId: clientMessageIdSchema.optional(),
  })
  .refine((s) => s?.side === 'opponent' || Boolean(s?.participantId || s?.userId || s?.playerId), {
    message: 'Player is required',
    path: ['userId'],
    // Said beside the other fields' messages, as the form shows them all at once.
    when: () => true,
  })
  .superRefine((s, ctx) => {
    if (s.side !== 'opponent') return;
    for (const field of ['participantId', 'userId', 'playerId', 'teamId'] as const) {
      if (s[field]) ctx.addIssue({ code: 'custom', message: "The opponent's stats name no player", path: [field] });
    }
  });
export type RecordStatInput = z.input<typeof recordStatInputSchema>;

/** PUT /api/matches/{id}/stats/{statId}: amend with a reason. */
export const amendStatInputSchema = z.object({
  value: statValueSchema,
  context: optionalText(CONTEXT_MAX),
  reason: reasonSchema,
});
export type AmendStatInput = z.input<typeof amendStatInputSchema>;

/** DELETE /api/matches/{id}/stats/{statId}: retract with a reason, required (query, or a JSON body). */
export const retractStatInputSchema = z.object({ reason: reasonSchema });

export const matchListQuerySchema = z.object({
  status: z.enum(matchStatuses).optional(),
  teamId: idSchema.optional(),
  seasonId: idSchema.optional(),
});

export const boxScoreQuerySchema = z.object({
  at: boundedIsoDateTime('Give `at` as an ISO date-time').optional(),
});

export const statsStreamQuerySchema = z.object({
  /** Resume: the stream's events from this revision on (inclusive). */
  from: z.coerce.number().int().min(0).optional(),
  /** 1: stay open while the match is in progress. */
  follow: z.enum(['0', '1', 'true', 'false']).optional(),
});

/** Resume a season's replay after this global position (exclusive), as the lines give it. */
export const seasonStatsStreamQuerySchema = z.object({
  from: z
    .string()
    .regex(/^\d{1,19}\/\d{1,19}$/, 'Give `from` as a position from a replay line')
    .optional(),
  follow: z.enum(['0', '1', 'true', 'false']).optional(),
});

// ---- responses -----------------------------------------------------------------------------

const teamRef = z.object({ id: z.string(), name: z.string() });

/** A livestream of one of the match's teams that is live now and the caller may watch ("Watch live"). */
export const matchLivestreamSchema = z.object({ id: z.string(), teamId: z.string(), title: z.string() });
export type MatchLivestream = z.infer<typeof matchLivestreamSchema>;

export const matchSchema = z.object({
  id: z.string(),
  /** Null for an independent team's match (no organization, no season). */
  seasonId: z.string().nullable(),
  seasonName: z.string().nullable(),
  sportId: z.string(),
  sportName: z.string(),
  status: z.enum(matchStatuses),
  /** The scheduled kick-off. */
  startTime: z.string(),
  location: z.string().nullable(),
  format: z.string().nullable(),
  /** The home side: always a Sideline team, by its full name. */
  teamA: teamRef,
  /** The other side: a Sideline team, or the opponent outside Sideline (`id` null, `name` its name). */
  teamB: z.object({ id: z.string().nullable(), name: z.string() }),
  /** The opponent's name when it is not on Sideline, else null. */
  opponentName: z.string().nullable(),
  /**
   * The IANA zone the kick-off is read in: team A's, else its organization's; null when neither
   * is known. Always sent; optional for readers written before it.
   */
  timeZone: z.string().nullable().optional(),
  scoreA: z.number(),
  /** Team B's score, or the opponent's. */
  scoreB: z.number(),
  /** The winning team once complete (null on a tie, or when the opponent outside Sideline won). */
  winnerId: z.string().nullable(),
  /** The winning side once complete (null while not complete, and on a tie). */
  winnerSide: matchSideSchema.nullable(),
  /** When it really kicked off (Start Match), and ended (complete or cancelled). */
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /**
   * While in progress: the minute of play now, counted from the real kick-off as a match clock
   * shows it (the first minute is 1). Null otherwise.
   */
  minute: z.number().int().nullable(),
  participantCount: z.number().int(),
  /** Whether the caller manages the match (Start, Complete, lineup, stats). */
  canManage: z.boolean(),
  /** A livestream of either team that is live now and the caller may watch (team A's first), else null. */
  livestream: matchLivestreamSchema.nullable(),
});
export type Match = z.infer<typeof matchSchema>;

/**
 * GET /api/me/matches (the caller's teams) and GET /api/teams/{teamId}/matches (one team):
 * `live` in progress (earliest kick-off first), `upcoming` still scheduled (soonest first; the
 * first is the next match), `recent` completed results (latest first).
 */
export const matchBoardSchema = z.object({
  live: z.array(matchSchema),
  upcoming: z.array(matchSchema),
  recent: z.array(matchSchema),
});
export type MatchBoard = z.infer<typeof matchBoardSchema>;
export const MATCH_BOARD_UPCOMING = 10;
export const MATCH_BOARD_RECENT = 10;

/**
 * An in-progress match as the admin dashboard and the org console list it ("Live now"): the team
 * names (team B's is the opponent's when it is not on Sideline), the score and the minute.
 */
export const liveMatchSummarySchema = z.object({
  id: z.string(),
  teamA: z.string(),
  teamB: z.string(),
  scoreA: z.number(),
  scoreB: z.number(),
  startTime: z.string(),
  startedAt: z.string().nullable(),
  minute: z.number().int().nullable(),
  location: z.string().nullable(),
  sport: z.string(),
});
export type LiveMatchSummary = z.infer<typeof liveMatchSummarySchema>;

export const participantSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  playerId: z.string().nullable(),
  userName: z.string(),
  teamId: z.string(),
  positionId: z.string().nullable(),
  positionName: z.string().nullable(),
  isStarter: z.boolean(),
  onField: z.boolean(),
});
export type Participant = z.infer<typeof participantSchema>;

export const statSchema = z.object({
  id: z.string(),
  /** Null for the opponent's stats. */
  participantId: z.string().nullable(),
  userId: z.string().nullable(),
  playerId: z.string().nullable(),
  /** The player's name, or the opponent's for the opponent's stats. */
  userName: z.string(),
  /** Null for the opponent's stats. */
  teamId: z.string().nullable(),
  side: matchSideSchema,
  statType: z.string(),
  value: z.number(),
  context: z.string().nullable(),
  recordedAt: z.string(),
  amended: z.boolean(),
});
export type Stat = z.infer<typeof statSchema>;

export const boxScoreSchema = z.object({
  matchId: z.string(),
  /** The moment asked for, or null for now. */
  at: z.string().nullable(),
  scoreA: z.number(),
  scoreB: z.number(),
  /** Team A, then team B or the opponent outside Sideline. */
  teams: z.array(
    z.object({
      /** Null for the opponent outside Sideline. */
      teamId: z.string().nullable(),
      side: matchSideSchema,
      name: z.string(),
      score: z.number(),
      /** The side's surviving stats summed per type (the opponent's have no player). */
      totals: z.record(z.string(), z.number()),
      players: z.array(
        z.object({ participantId: z.string(), name: z.string(), stats: z.record(z.string(), z.number()) }),
      ),
    }),
  ),
});
export type BoxScore = z.infer<typeof boxScoreSchema>;

export const timelineEntryKinds = ['recorded', 'amended', 'retracted'] as const;

/**
 * GET /api/matches/{id}/timeline: every stat event in the order it was recorded, corrections
 * included as entries of their own (an amendment from → to, a retraction), each with its reason.
 */
export const matchTimelineSchema = z.object({
  matchId: z.string(),
  /** The real kick-off the minutes count from (null before Start Match). */
  startedAt: z.string().nullable(),
  entries: z.array(
    z.object({
      /** The event's revision in the match's stream: timeline order. */
      seq: z.number().int(),
      kind: z.enum(timelineEntryKinds),
      statId: z.string(),
      side: matchSideSchema,
      /** Null for the opponent's stats. */
      teamId: z.string().nullable(),
      participantId: z.string().nullable(),
      /** The player, or null for the opponent outside Sideline. */
      playerName: z.string().nullable(),
      /** The side's name: the team's, or the opponent's. */
      sideName: z.string(),
      statType: z.string(),
      /** Whether the stat type counts towards the score in this sport (goals, points, …). */
      scoring: z.boolean(),
      /** recorded: the value recorded; amended: the new value; retracted: the value taken back. */
      value: z.number(),
      /** amended: the value before the correction; otherwise null. */
      previousValue: z.number().nullable(),
      /** amended and retracted: why. */
      reason: z.string().nullable(),
      /** When it happened (a recorded stat: when it was recorded). */
      at: z.string(),
      /** The minute of play at `at` (1 in the first minute after kick-off); null outside play. */
      minute: z.number().int().nullable(),
      /** On a recorded entry: whether the stat was corrected or taken back since. */
      amendedSince: z.boolean(),
      retractedSince: z.boolean(),
    }),
  ),
});
export type MatchTimeline = z.infer<typeof matchTimelineSchema>;
export type MatchTimelineEntry = MatchTimeline['entries'][number];

const eventRef = z.object({ type: z.string(), revision: z.number().int() });

export const playingTimeSchema = z.object({
  matchId: z.string(),
  players: z.array(
    z.object({
      participantId: z.string(),
      userId: z.string().nullable(),
      playerId: z.string().nullable(),
      name: z.string(),
      teamId: z.string(),
      minutes: z.number(),
      byPosition: z.array(
        z.object({ positionId: z.string().nullable(), positionName: z.string().nullable(), minutes: z.number() }),
      ),
      /** The periods on the field and the match events that began and ended each (null: still on). */
      segments: z.array(
        z.object({
          from: z.string(),
          to: z.string().nullable(),
          positionId: z.string().nullable(),
          minutes: z.number(),
          startedBy: eventRef,
          endedBy: eventRef.nullable(),
        }),
      ),
    }),
  ),
});
export type PlayingTime = z.infer<typeof playingTimeSchema>;

export const seasonPlayingTimeSchema = z.object({
  seasonId: z.string(),
  players: z.array(
    z.object({
      userId: z.string().nullable(),
      playerId: z.string().nullable(),
      name: z.string(),
      minutes: z.number(),
      matches: z.number().int(),
    }),
  ),
});
export type SeasonPlayingTime = z.infer<typeof seasonPlayingTimeSchema>;

/** One line of a stats replay (NDJSON). */
export const statLineSchema = z.object({
  revision: z.number().int(),
  position: z.string(),
  type: z.string(),
  /** Whose stat: teamA, teamB or the opponent outside Sideline (also in `data.side`). */
  side: matchSideSchema,
  data: z.record(z.string(), z.unknown()),
  actorId: z.string().nullable(),
  recordedAt: z.string(),
});
export type StatLine = z.infer<typeof statLineSchema>;
