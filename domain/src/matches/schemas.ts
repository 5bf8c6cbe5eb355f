import { z } from 'zod';
import { boundedIsoDateTime } from '../shared/dates.ts';
import { ID_MESSAGE, ID_PATTERN, idSchema } from '../shared/ids.ts';
import { safeText, text } from '../shared/text.ts';
import { isSportId } from '../sports/catalogue.ts';
import { matchStatuses } from './machine.ts';
import { isInSteps, MAX_STAT_VALUE } from './scoring.ts';

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

/** POST /api/matches: the match form (spec part 2 §5); teams are two different teams of the season. */
export const scheduleMatchInputSchema = z
  .object({
    seasonId: requiredId('Season is required'),
    sportId: z
      .string({ error: 'Sport is required' })
      .trim()
      .min(1, 'Sport is required')
      .refine(isSportId, 'Choose a sport from the list'),
    teamAId: requiredId('Choose the home team'),
    teamBId: requiredId('Choose the away team'),
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
  .refine((m) => m.teamAId !== m.teamBId, { message: 'Choose two different teams', path: ['teamBId'] });
export type ScheduleMatchInput = z.input<typeof scheduleMatchInputSchema>;

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

/** POST /api/matches/{id}/stats: the stat form (spec part 2 §5); the player by participant, account or roster player. */
export const recordStatInputSchema = z
  .object({
    participantId: idSchema.nullish(),
    userId: idSchema.nullish(),
    playerId: idSchema.nullish(),
    teamId: idSchema.nullish(),
    statType: text({ error: 'Stat type is required' }).trim().min(1, 'Stat type is required').max(64),
    value: statValueSchema,
    context: optionalText(CONTEXT_MAX),
  })
  .refine((s) => Boolean(s?.participantId || s?.userId || s?.playerId), {
    message: 'Player is required',
    path: ['userId'],
    // Said beside the other fields' messages, as the form shows them all at once.
    when: () => true,
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

export const matchSchema = z.object({
  id: z.string(),
  seasonId: z.string(),
  seasonName: z.string().nullable(),
  sportId: z.string(),
  sportName: z.string(),
  status: z.enum(matchStatuses),
  startTime: z.string(),
  location: z.string().nullable(),
  format: z.string().nullable(),
  teamA: teamRef,
  teamB: teamRef,
  scoreA: z.number(),
  scoreB: z.number(),
  winnerId: z.string().nullable(),
  participantCount: z.number().int(),
  /** Whether the caller manages the match (Start, Complete, lineup, stats). */
  canManage: z.boolean(),
});
export type Match = z.infer<typeof matchSchema>;

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
  participantId: z.string(),
  userId: z.string().nullable(),
  playerId: z.string().nullable(),
  userName: z.string(),
  teamId: z.string(),
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
  teams: z.array(
    z.object({
      teamId: z.string(),
      name: z.string(),
      score: z.number(),
      players: z.array(
        z.object({ participantId: z.string(), name: z.string(), stats: z.record(z.string(), z.number()) }),
      ),
    }),
  ),
});
export type BoxScore = z.infer<typeof boxScoreSchema>;

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
  data: z.record(z.string(), z.unknown()),
  actorId: z.string().nullable(),
  recordedAt: z.string(),
});
export type StatLine = z.infer<typeof statLineSchema>;
