import { describe, expect, it, vi } from 'vitest';
import type { BusMessage, NewEvent } from '@sideline/infra';
import {
  calendarDecider,
  calendarStream,
  chatDecider,
  chatMessageStream,
  fold,
  teamDecider,
  teamStream,
  userDecider,
  userStream,
  type Decider,
} from '@sideline/domain';
import { calendarProjector } from '../calendar/calendar-projector.ts';
import { chatProjector } from '../chat/chat-projector.ts';
import { usersProjector } from '../identity/users-projector.ts';
import { teamsProjector } from '../teams/teams-projector.ts';
import { projectorFixtures, type ProjectorFixture } from '../testing/projector-fixture.ts';

const { fixture, project } = projectorFixtures([usersProjector, teamsProjector, chatProjector, calendarProjector]);

async function run<C, E extends { type: string; data: unknown }, S>(
  f: ProjectorFixture,
  decider: Decider<C, E, S>,
  stream: string,
  command: C,
  actorId: string,
  at = new Date(),
) {
  const history = (await f.eventStore.readStream(stream)).map((e) => ({ type: e.type, data: e.data }) as E);
  const events = decider.decide(command, fold(decider, history));
  const metadata = { actorId, correlationId: 'c', causationId: null, occurredAt: at.toISOString() };
  const appended: NewEvent[] = events.map((e) => ({ type: e.type, data: e.data, metadata }));
  f.last = (await f.eventStore.appendToStream(stream, appended, { expectedRevision: 'any' })).position;
}

const frames = (messages: BusMessage[]) =>
  messages.map((m) => ({ subject: m.subject, ...(m.data as { type: string; payload: Record<string, unknown> }) }));

describe('realtime notices of moderation and late RSVPs', () => {
  it('announces a deleted and an edited message to the team, and a late Not Going to each coach', async () => {
    const f = await fixture('pglite');
    const toUsers: BusMessage[] = [];
    f.bus.subscribe('sideline.user.*.>', (m) => void toUsers.push(m));
    for (const [userId, role] of [
      ['c1', 'coach'],
      ['p1', 'parent'],
    ] as const) {
      await run(
        f,
        userDecider,
        userStream(userId),
        { type: 'RegisterUser', data: { userId, name: `${role} ${userId}`, email: `${userId}@example.com`, role } },
        userId,
      );
    }
    await run(
      f,
      teamDecider,
      teamStream('t1'),
      {
        type: 'CreateTeam',
        data: {
          teamId: 't1',
          name: 'Tigers',
          sport: 'Soccer',
          ageGroup: null,
          code: 'ABC234',
          creatorId: 'c1',
          creatorRole: 'coach',
        },
      },
      'c1',
    );
    await run(
      f,
      teamDecider,
      teamStream('t1'),
      { type: 'JoinTeam', data: { teamId: 't1', userId: 'p1', via: 'code', accountRole: 'parent' } },
      'p1',
    );
    for (const messageId of ['m1', 'm2']) {
      await run(
        f,
        chatDecider,
        chatMessageStream(messageId),
        { type: 'SendMessage', data: { teamId: 't1', messageId, userId: 'p1', text: 'original', mediaUrl: null } },
        'p1',
      );
    }
    await run(
      f,
      chatDecider,
      chatMessageStream('m1'),
      { type: 'DeleteMessage', data: { teamId: 't1', messageId: 'm1', by: 'c1', canModerate: true } },
      'c1',
    );
    await run(
      f,
      chatDecider,
      chatMessageStream('m2'),
      { type: 'EditMessage', data: { teamId: 't1', messageId: 'm2', by: 'p1', text: 'changed' } },
      'p1',
    );
    // A practice starting in 3 hours: Pat said Going yesterday, Not Going now.
    const startsAt = new Date(Math.ceil((Date.now() + 3 * 3_600_000) / 60_000) * 60_000).toISOString();
    await run(
      f,
      calendarDecider,
      calendarStream('e1'),
      {
        type: 'ScheduleEvent',
        data: {
          eventId: 'e1',
          teamId: 't1',
          title: 'Practice',
          description: '',
          location: '',
          startsAt,
          recurrence: null,
          timeZone: 'UTC',
          createdBy: 'c1',
        },
      },
      'c1',
    );
    const rsvp = (status: 'yes' | 'no') =>
      run(
        f,
        calendarDecider,
        calendarStream('e1'),
        { type: 'RecordRsvp', data: { eventId: 'e1', occurrenceDate: startsAt, userId: 'p1', status } },
        'p1',
      );
    await rsvp('yes');
    await project(f);
    await rsvp('no');
    await project(f);

    const team = frames(f.published).filter((m) => m.type === 'message_deleted' || m.type === 'message_edited');
    expect(team).toEqual([
      {
        subject: 'sideline.team.t1.message',
        type: 'message_deleted',
        payload: expect.objectContaining({ teamId: 't1', messageId: 'm1', text: 'Message deleted', deleted: true }),
      },
      {
        subject: 'sideline.team.t1.message',
        type: 'message_edited',
        payload: expect.objectContaining({ teamId: 't1', messageId: 'm2', text: 'changed', deleted: false }),
      },
    ]);
    // Nothing of the deleted text travels.
    expect(JSON.stringify(team)).not.toContain('original');
    // The bus delivers after the projection's commit, not within it.
    await vi.waitFor(() =>
      expect(frames(toUsers).filter((m) => m.type === 'rsvp_late_change')).toEqual([
        {
          subject: 'sideline.user.c1.rsvp',
          type: 'rsvp_late_change',
          payload: {
            teamId: 't1',
            eventId: 'e1',
            occurrenceDate: startsAt,
            userId: 'p1',
            playerId: null,
            userName: 'parent p1',
            eventTitle: 'Practice',
            status: 'no',
          },
        },
      ]),
    );
  });
});
