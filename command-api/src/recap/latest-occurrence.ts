import type { Kysely } from 'kysely';
import type { ReadModels } from '@sideline/projections';
import type { CalendarEvent, RsvpStatus } from '@sideline/domain';
import { listTeamEvents, listTeamMembers } from '@sideline/projections';
import type { RecapFacts } from './recap-template.ts';

/** Occurrences read per query; a team has far fewer in a week. */
const PAGE = 200;

/**
 * The team's latest occurrence that started between `since` and `now` (today's practice of a
 * weekly series, not the series' first date nor last week's), with the RSVPs of exactly that
 * occurrence; null when none did. A recap tells what happened: an event still to come has none. Occurrences come from the calendar's own listing,
 * so they are the ones members see and answer for.
 */
export async function latestOccurrence(
  db: Kysely<ReadModels>,
  teamId: string,
  since: Date,
  now: Date,
): Promise<RecapFacts['lastEvent']> {
  let latest: CalendarEvent | null = null;
  let upcoming = false;
  const seen = new Set<string>();
  let from = since;
  for (;;) {
    const page = await listTeamEvents(db, teamId, { from, limit: PAGE });
    let fresh = 0;
    for (const occurrence of page) {
      const key = `${occurrence.id}|${occurrence.occurrenceDate}`;
      if (seen.has(key)) continue;
      seen.add(key);
      fresh += 1;
      if (Date.parse(occurrence.occurrenceDate) > now.getTime()) {
        upcoming = true;
        break;
      }
      latest = occurrence;
    }
    if (upcoming || page.length < PAGE || fresh === 0) break;
    // Ascending by start: the next page starts at this one's last start (seen ones are skipped).
    from = new Date(page.at(-1)!.occurrenceDate);
  }
  const occurrence = latest;
  if (!occurrence) return null;

  const rsvps: Record<RsvpStatus, number> = { yes: 0, maybe: 0, no: 0 };
  for (const { status } of occurrence.rsvps) rsvps[status] += 1;
  // Parents and coaches answer too; only players play: the answers for roster players, and the
  // own answers of members whose role in this team is player.
  const going = occurrence.rsvps.filter((r) => r.status === 'yes');
  const ownAnswers = going.filter((r) => r.playerId === null);
  const players =
    ownAnswers.length > 0
      ? new Set((await listTeamMembers(db, teamId)).filter((m) => m.assignedRole === 'player').map((m) => m.userId))
      : new Set<string>();
  return {
    title: occurrence.title,
    location: occurrence.location,
    startsAt: occurrence.occurrenceDate,
    rsvps,
    playersGoing:
      going.length - ownAnswers.length + ownAnswers.filter((r) => r.userId !== null && players.has(r.userId)).length,
  };
}
