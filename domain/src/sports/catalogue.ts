/** The sports Sideline knows (spec part 2 §8/§9); the default is Soccer. */
export const sports = [
  'Soccer',
  'Basketball',
  'Baseball',
  'Softball',
  'Football',
  'Hockey',
  'Tennis',
  'Volleyball',
  'Track & Field',
  'Golf',
] as const;

export type Sport = (typeof sports)[number];
export const DEFAULT_SPORT: Sport = 'Soccer';

/** Catalogue ids: slugs, as the API and match events carry them. */
export const sportIds = [
  'soccer',
  'basketball',
  'baseball',
  'softball',
  'football',
  'hockey',
  'tennis',
  'volleyball',
  'track_field',
  'golf',
] as const;
export type SportId = (typeof sportIds)[number];

export interface Position {
  /** Unique within its sport. */
  id: string;
  name: string;
}

/**
 * How a side's score follows from its stats: the sum of each listed stat times its weight
 * (a football touchdown is 6 points). `lowerWins`: golf, where the fewest strokes win.
 */
export interface Scoring {
  /** What the score counts, for display ('goals', 'points', 'runs', …). */
  label: string;
  weights: Readonly<Record<string, number>>;
  lowerWins: boolean;
}

export interface SportDefinition {
  id: SportId | typeof UNKNOWN_SPORT_ID;
  name: string;
  type: 'team' | 'individual';
  description: string;
  /** Stat types a scorer may record for the sport (spec part 2 §9), in the spec's order. */
  statTypes: readonly string[];
  positions: readonly Position[];
  scoring: Scoring;
}

const positions = (...names: string[]): Position[] =>
  names.map((name) => ({ id: name.toLowerCase().replaceAll(/[^a-z0-9]+/g, '_'), name }));

const baseballPositions = positions(
  'Pitcher',
  'Catcher',
  'First Base',
  'Second Base',
  'Third Base',
  'Shortstop',
  'Left Field',
  'Center Field',
  'Right Field',
  'Designated Hitter',
);
const baseballStats = ['hits', 'runs', 'rbis', 'strikeouts', 'walks', 'errors'] as const;
const score = (label: string, weights: Record<string, number>, lowerWins = false): Scoring => ({
  label,
  weights,
  lowerWins,
});

/** The ten sports with their positions (63 in all), stat types and scoring. */
export const sportCatalogue: Readonly<Record<SportId, SportDefinition>> = {
  soccer: {
    id: 'soccer',
    name: 'Soccer',
    type: 'team',
    description: 'Eleven a side; the team with more goals wins.',
    statTypes: ['goals', 'assists', 'saves', 'shots', 'passes', 'tackles', 'cards'],
    positions: positions(
      'Goalkeeper',
      'Center Back',
      'Full Back',
      'Defensive Midfielder',
      'Central Midfielder',
      'Attacking Midfielder',
      'Winger',
      'Striker',
    ),
    scoring: score('goals', { goals: 1 }),
  },
  basketball: {
    id: 'basketball',
    name: 'Basketball',
    type: 'team',
    description: 'Five on the court; points from field goals and free throws.',
    statTypes: ['points', 'rebounds', 'assists', 'steals', 'blocks', 'turnovers'],
    positions: positions('Point Guard', 'Shooting Guard', 'Small Forward', 'Power Forward', 'Center'),
    scoring: score('points', { points: 1 }),
  },
  baseball: {
    id: 'baseball',
    name: 'Baseball',
    type: 'team',
    description: 'Nine innings; the team with more runs wins.',
    statTypes: baseballStats,
    positions: baseballPositions,
    scoring: score('runs', { runs: 1 }),
  },
  softball: {
    id: 'softball',
    name: 'Softball',
    type: 'team',
    description: 'Seven innings of fast or slow pitch; the team with more runs wins.',
    statTypes: baseballStats,
    positions: baseballPositions,
    scoring: score('runs', { runs: 1 }),
  },
  football: {
    id: 'football',
    name: 'Football',
    type: 'team',
    description: 'Eleven a side; six points a touchdown.',
    statTypes: ['touchdowns', 'yards', 'tackles', 'interceptions', 'sacks'],
    positions: positions(
      'Quarterback',
      'Running Back',
      'Wide Receiver',
      'Tight End',
      'Offensive Lineman',
      'Defensive Lineman',
      'Linebacker',
      'Cornerback',
      'Safety',
      'Kicker',
    ),
    // Field goals and extra points are not stat types (§9): the score counts touchdowns only.
    scoring: score('points', { touchdowns: 6 }),
  },
  hockey: {
    id: 'hockey',
    name: 'Hockey',
    type: 'team',
    description: 'Six a side on ice; the team with more goals wins.',
    statTypes: ['goals', 'assists', 'shots', 'saves', 'penalties'],
    positions: positions('Center', 'Left Wing', 'Right Wing', 'Defenseman', 'Goaltender'),
    scoring: score('goals', { goals: 1 }),
  },
  tennis: {
    id: 'tennis',
    name: 'Tennis',
    type: 'individual',
    description: 'Singles or doubles; sets of games of points.',
    statTypes: ['aces', 'winners', 'unforced_errors', 'break_points'],
    positions: positions('Singles', 'Doubles'),
    // Sets and games are not stat types (§9): the score counts points won outright.
    scoring: score('points won outright', { aces: 1, winners: 1 }),
  },
  volleyball: {
    id: 'volleyball',
    name: 'Volleyball',
    type: 'team',
    description: 'Six a side; a point from every kill, ace and block.',
    statTypes: ['kills', 'digs', 'blocks', 'aces', 'assists'],
    positions: positions(
      'Setter',
      'Outside Hitter',
      'Opposite Hitter',
      'Middle Blocker',
      'Libero',
      'Defensive Specialist',
    ),
    scoring: score('points', { kills: 1, aces: 1, blocks: 1 }),
  },
  track_field: {
    id: 'track_field',
    name: 'Track & Field',
    type: 'individual',
    description: 'Running, jumping and throwing events; meets are scored in points.',
    statTypes: ['time', 'distance', 'height', 'points'],
    positions: positions('Sprinter', 'Middle Distance', 'Long Distance', 'Hurdler', 'Jumper', 'Thrower'),
    scoring: score('points', { points: 1 }),
  },
  golf: {
    id: 'golf',
    name: 'Golf',
    type: 'individual',
    description: 'Stroke play; the fewest strokes win.',
    statTypes: ['strokes', 'putts', 'fairways_hit', 'greens_in_regulation'],
    positions: positions('Golfer'),
    scoring: score('strokes', { strokes: 1 }, true),
  },
};

export const UNKNOWN_SPORT_ID = 'unknown';

/** A sport the catalogue does not know (an old team's free-text sport): points and performance. */
export const unknownSport: SportDefinition = {
  id: UNKNOWN_SPORT_ID,
  name: 'Unknown Sport',
  type: 'team',
  description: 'A sport Sideline does not know yet: record points and a performance figure.',
  statTypes: ['points', 'performance'],
  positions: [],
  scoring: score('points', { points: 1 }),
};

export const sportList: readonly SportDefinition[] = sportIds.map((id) => sportCatalogue[id]);

export const isSportId = (value: string): value is SportId => Object.hasOwn(sportCatalogue, value);

/** The sport with that id, or the unknown sport's fallback. */
export function sportById(id: string): SportDefinition {
  return isSportId(id) ? sportCatalogue[id] : unknownSport;
}

/**
 * The catalogue id of a sport name as teams and seasons store it ('Track & Field' → track_field).
 * 'Track' is the spec's other spelling in the edit-team list (§5). Unknown names give null.
 */
export function sportIdOfName(name: string | null | undefined): SportId | null {
  if (!name) return null;
  const wanted = name.trim().toLowerCase();
  if (wanted === 'track') return 'track_field';
  const found = sportList.find((s) => s.name.toLowerCase() === wanted || s.id === wanted);
  return found ? (found.id as SportId) : null;
}

export function positionOf(sport: SportDefinition, positionId: string): Position | null {
  return sport.positions.find((p) => p.id === positionId) ?? null;
}

/** Every position in the catalogue, counted per sport (softball repeats baseball's). */
export const positionCount = sportList.reduce((n, s) => n + s.positions.length, 0);
