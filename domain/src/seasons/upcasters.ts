import { sportIdOfName, UNKNOWN_SPORT_ID } from '../sports/catalogue.ts';
import type { SeasonCreated, SeasonEvent, SeasonUpdated } from './events.ts';

/**
 * The first shape of SeasonCreated and SeasonUpdated: the sport by its name ('Track & Field'),
 * before seasons carried the catalogue id. Stored events keep this shape forever.
 */
type WithSportName<E extends { type: string; data: { sportId: unknown } }> = {
  type: E['type'];
  data: Omit<E['data'], 'sportId'> & { sport: string };
};
export type LegacySeasonCreated = WithSportName<SeasonCreated>;
export type LegacySeasonUpdated = WithSportName<SeasonUpdated>;

/** A season event as it may be stored: the current shape or an older one. */
export type StoredSeasonEvent = SeasonEvent | LegacySeasonCreated | LegacySeasonUpdated;

/**
 * Reads a stored season event in the current shape (old shape → new, at read time; stored events
 * are never rewritten). A sport name becomes its catalogue id; a name the catalogue does not know
 * becomes `unknown`, whose stat types are points and performance. Current events pass unchanged.
 */
export function upcastSeasonEvent<T extends StoredSeasonEvent>(event: T): Extract<SeasonEvent, { type: T['type'] }>;
export function upcastSeasonEvent(event: StoredSeasonEvent): SeasonEvent {
  if (event.type !== 'SeasonCreated' && event.type !== 'SeasonUpdated') return event;
  if (!('sport' in event.data)) return event as SeasonEvent;
  const { sport, ...rest } = event.data;
  return { type: event.type, data: { ...rest, sportId: sportIdOfName(sport) ?? UNKNOWN_SPORT_ID } } as SeasonEvent;
}
