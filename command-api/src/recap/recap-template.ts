import type { GameRecap } from '@sideline/domain';

/** Match facts (part 2): the recap shows them first when present. */
export interface MatchFacts {
  title: string;
  /** e.g. '3 – 1' */
  finalScore: string;
  /** Still being played: the score so far, not a final one. */
  inProgress?: boolean;
  /** e.g. 'Riverside Hawks won.', 'A draw.' */
  result?: string | null;
  topPerformer: { name: string; summary: string } | null;
  /** Notable moments from the match's stat events, in order. */
  moments: string[];
}

/** Everything the recap is written from: the team's recorded data, nothing made up. */
export interface RecapFacts {
  team: { name: string };
  windowDays: number;
  /** The latest occurrence in the window that has started (else the next one) and how its RSVPs stand. */
  lastEvent: {
    title: string;
    location: string;
    /** ISO start of that occurrence. */
    startsAt: string;
    rsvps: { yes: number; maybe: number; no: number };
    /** 'yes' answers from players (parents and coaches answer too). */
    playersGoing: number;
  } | null;
  activity: { messages: number; uploads: number };
  contributors: Array<{ name: string; xp: number }>;
  match: MatchFacts | null;
  gameTitle?: string | undefined;
  highlights?: readonly string[] | undefined;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  });
}

/**
 * A deterministic recap (no external AI): the same facts always give the same text. Each
 * section is written only from facts that exist, so an empty team gets an honest empty recap.
 */
export function writeRecap(facts: RecapFacts, generatedAt: Date): GameRecap {
  const { team, lastEvent, activity, contributors, match } = facts;
  const highlights = facts.highlights ?? [];
  const title =
    facts.gameTitle?.trim() ||
    (match ? `${match.title} recap` : lastEvent ? `${lastEvent.title} recap` : `${team.name}: week in review`);

  const paragraphs: string[] = [];
  const moments: string[] = [];

  if (match) {
    const score = `${match.inProgress ? 'Score so far' : 'Final score'}: ${match.finalScore}.`;
    paragraphs.push(match.result ? `${score} ${match.result}` : score);
    if (match.topPerformer) moments.push(`${match.topPerformer.name}: ${match.topPerformer.summary}`);
    moments.push(...match.moments);
  }

  if (lastEvent) {
    const when = formatDay(lastEvent.startsAt);
    const where = lastEvent.location ? ` at ${lastEvent.location}` : '';
    const { yes, maybe, no } = lastEvent.rsvps;
    const answered = yes + maybe + no;
    paragraphs.push(
      answered > 0
        ? `${lastEvent.title} (${when}${where}): ${yes} going, ${maybe} maybe, ${no} not going.`
        : `${lastEvent.title} (${when}${where}): no RSVPs recorded yet.`,
    );
    if (lastEvent.playersGoing > 0) {
      moments.push(`${plural(lastEvent.playersGoing, 'player')} confirmed for ${lastEvent.title}`);
    }
  }

  const days = plural(facts.windowDays, 'day');
  if (activity.messages + activity.uploads > 0) {
    paragraphs.push(
      `In the last ${days} ${team.name} shared ${plural(activity.messages, 'message')} and ${plural(activity.uploads, 'photo or video', 'photos and videos')}.`,
    );
    if (activity.uploads > 0)
      moments.push(`${plural(activity.uploads, 'new photo or video', 'new photos and videos')} in the Media Hub`);
  } else {
    paragraphs.push(`It has been quiet in ${team.name} for the last ${days}: no messages or uploads yet.`);
  }

  const [top, ...rest] = contributors;
  if (top) {
    const others = rest.map((c) => `${c.name} (${c.xp} XP)`);
    paragraphs.push(
      `Top contributor: ${top.name} with ${top.xp} XP${others.length > 0 ? `, followed by ${others.join(' and ')}` : ''}.`,
    );
    moments.push(`${top.name} led the team with ${top.xp} XP`);
  }

  moments.push(...highlights);
  const content = [
    ...paragraphs,
    ...(moments.length > 0 ? ['Key moments:', ...moments.map((m) => `• ${m}`)] : []),
  ].join('\n');

  return {
    title,
    content,
    stats: {
      finalScore: match?.finalScore ?? null,
      // Scoring comes only from a match's stats: the top XP earner may be a parent who chats a lot.
      topScorer: match?.topPerformer?.name ?? null,
      keyMoments: moments.length,
    },
    generatedAt: generatedAt.toISOString(),
  };
}
