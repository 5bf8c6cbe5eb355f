import type { Kysely } from 'kysely';
import {
  DEFAULT_TEAM_REMINDERS,
  REMINDER_WINDOW_MS,
  reminderDecider,
  reminderStream,
  reminderWindowAt,
  teamRemindersSchema,
  type ReminderSent,
  type TeamReminders,
} from '@sideline/domain';
import type { Logger } from '@sideline/infra';
import { occurrencesStartingBetween, unansweredOf, type ReadModels } from '@sideline/projections';
import type { CommandHandler } from '../shared/command-handler.ts';
import { peopleToRemind } from './reminder-audience.ts';

export interface ReminderSchedulerOptions {
  db: Kysely<ReadModels>;
  handle: CommandHandler;
  logger: Logger;
  /** The clock windows open by; tests move it. */
  clock?: () => Date;
  /** How often the due occurrences are looked for: an occurrence created inside a window waits at most this long. */
  intervalMs?: number;
  /** Reminders recorded at once. */
  concurrency?: number;
}

export interface ReminderScheduler {
  /** Records the reminders due now; resolves with how many this call recorded (another process may have won others). */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

const key = (eventId: string, occurrenceDate: Date) => `${eventId}|${occurrenceDate.toISOString()}`;

/**
 * Reminds those who still owe an answer, 48 h and 24 h before each occurrence (as each team's
 * setting says). It reads the calendar's occurrences starting within 48 h, leaves out the windows
 * already done (reminders_sent), and records each due window as ReminderSent on the window's own
 * stream, expecting no stream: of any number of schedulers (restarted, or in several processes)
 * exactly one append wins, and the notices projector queues that one for the sender.
 */
export function startReminderScheduler(options: ReminderSchedulerOptions): ReminderScheduler {
  const { db, handle, logger } = options;
  const clock = options.clock ?? (() => new Date());
  const intervalMs = options.intervalMs ?? 30_000;
  const concurrency = options.concurrency ?? 8;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();

  async function due(now: Date): Promise<ReminderSent['data'][]> {
    const horizon = new Date(now.getTime() + REMINDER_WINDOW_MS['48h']);
    const occurrences = await occurrencesStartingBetween(db, now, horizon);
    if (occurrences.length === 0) return [];
    const teamIds = [...new Set(occurrences.map((o) => o.teamId))];
    const settings = new Map<string, TeamReminders>();
    for (const row of (await db
      .selectFrom('teams')
      .select(['id', 'reminders'])
      .where('id', 'in', teamIds)
      .execute()) as { id: string; reminders: string }[]) {
      const parsed = teamRemindersSchema.safeParse(row.reminders);
      settings.set(row.id, parsed.success ? parsed.data : DEFAULT_TEAM_REMINDERS);
    }
    const open = occurrences.flatMap((o) => {
      const window = reminderWindowAt(settings.get(o.teamId) ?? DEFAULT_TEAM_REMINDERS, o.startsAt, now);
      return window ? [{ ...o, window }] : [];
    });
    if (open.length === 0) return [];
    const done = new Set(
      (
        (await db
          .selectFrom('reminders_sent')
          .select(['event_id', 'occurrence_date', 'reminder_window'])
          .where('event_id', 'in', [...new Set(open.map((o) => o.eventId))])
          .execute()) as { event_id: string; occurrence_date: Date; reminder_window: string }[]
      ).map((r) => `${key(r.event_id, new Date(r.occurrence_date))}|${r.reminder_window}`),
    );
    const waiting = open.filter((o) => !done.has(`${key(o.eventId, o.occurrenceDate)}|${o.window}`));
    if (waiting.length === 0) return [];
    const unanswered = await unansweredOf(db, waiting);
    const people = await peopleToRemind(
      db,
      waiting.map((o) => unanswered.get(key(o.eventId, o.occurrenceDate)) ?? []),
    );
    return waiting.map((o, i) => ({
      eventId: o.eventId,
      teamId: o.teamId,
      occurrenceDate: o.occurrenceDate.toISOString(),
      startsAt: o.startsAt.toISOString(),
      window: o.window,
      userIds: people[i]!.sort(),
    }));
  }

  async function tick(): Promise<number> {
    const now = clock();
    const reminders = await due(now);
    let recorded = 0;
    let next = 0;
    const worker = async () => {
      while (next < reminders.length) {
        const data = reminders[next++]!;
        try {
          const { events } = await handle(
            reminderDecider,
            reminderStream(data.eventId, data.occurrenceDate, data.window),
            { type: 'SendReminder', data },
            { actorId: null, now },
            { likelyNewStream: true, waitFor: null },
          );
          recorded += events.length;
        } catch (err) {
          logger.warn({ err, eventId: data.eventId, window: data.window }, 'could not record a reminder');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, reminders.length) }, worker));
    return recorded;
  }

  async function loop(): Promise<void> {
    if (stopped) return;
    try {
      await tick();
    } catch (err) {
      if (!stopped) logger.warn({ err }, 'reminders could not be looked for; trying again');
    }
    if (stopped) return;
    timer = setTimeout(() => {
      running = loop();
    }, intervalMs);
    timer.unref();
  }

  running = loop();
  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
