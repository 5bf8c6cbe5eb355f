import sharp from 'sharp';
import { readJson, type ApiClient } from './http-client.ts';
import { addToLineup, createClub, member, recordStat, scheduleMatch } from './match-fixture.ts';
import { unsubscribeTokens } from '../src/push/unsubscribe-tokens.ts';
import type { JsonSchema, RequestBase } from './openapi-walk.ts';
import type { TestServer } from './test-server.ts';

/**
 * A club with a row of every kind (team, season, match with a lineup and a stat, message, event,
 * player, invitation, API token, livestream, photo), and for every route of the OpenAPI
 * document someone it lets through (the club's admin or coach) and valid values for the strings
 * the document cannot describe. The walks over every documented route run on it.
 */
export async function seedWalkClub(server: TestServer) {
  const club = await createClub(server, 'Walkers');
  /** Someone whose own settings the /api/user routes change. */
  const person = await member(server, 'parent', 'Sam Settings');
  const match = await scheduleMatch(club);
  const [home, away] = [
    await addToLineup(club, match.id, club.ava),
    await addToLineup(club, match.id, club.bo, 'striker'),
  ];
  const created = async (response: Promise<Response>) => {
    const answer = await response;
    if (answer.status >= 300) throw new Error(`seeding failed: ${answer.status} ${await answer.text()}`);
    return readJson(answer);
  };
  await created(club.coach.put(`/api/matches/${match.id}`, { status: 'in_progress' }));
  const stat = await recordStat(club.coach, match.id, home.id);
  const teamPath = `/api/teams/${club.teamA.id}`;
  const message = await created(club.coach.post(`${teamPath}/messages`, { text: 'Practice at five' }));
  const event = await created(
    club.coach.post(`${teamPath}/events`, { title: 'Practice', date: '2026-12-01T17:00:00.000Z' }),
  );
  // POST /players answers { player, invitation, emailSent }.
  const { player } = await created(club.coach.post(`${teamPath}/players`, { name: 'Riley Walker' }));
  // The club's parent is Riley's guardian: the routes only a guardian may call (the export) are walked as them.
  await club.coach.post(`${teamPath}/players/${player.id}/guardians`, { userId: club.parent.userId });
  const { invitation } = (await created(
    club.coach.post(`${teamPath}/invite`, { inviteType: 'coach', name: 'Jo Helper', email: 'jo.helper@example.com' }),
  )) as { invitation: { id: string; url: string } };
  const invitationToken = new URL(invitation.url).searchParams.get('token')!;
  const feed = (await created(club.coach.post(`${teamPath}/calendar-token`))) as { url: string };
  const feedToken = new URL(feed.url).searchParams.get('token')!;
  // An email's unsubscribe link, signed with the server's own key.
  const unsubscribeToken = (await unsubscribeTokens(server.database.db)).make(person.userId, 'mediaShared');
  const token = await created(club.admin.post('/api/tokens', { name: 'Analytics', organizationId: club.org.id }));
  const livestream = await created(
    club.coach.post('/api/livestreams', { teamId: club.teamA.id, title: 'Hawks v Owls' }),
  );
  const media = await uploadPhoto(club.coach, club.teamA.id);
  const avatar = await uploadAvatar(person);

  async function uploadAvatar(by: ApiClient): Promise<string> {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2d5f9a' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const user = (await created(
      fetch(`${server.url}/api/user/avatar`, {
        method: 'POST',
        headers: { cookie: by.cookie, origin: server.url },
        body: form,
      }),
    )) as { avatarUrl: string };
    return user.avatarUrl;
  }

  async function uploadPhoto(by: ApiClient, teamId: string): Promise<{ id: string; url: string }> {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1d6f42' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'kickoff.png');
    return created(
      fetch(`${server.url}/api/teams/${teamId}/media/upload`, {
        method: 'POST',
        headers: { cookie: by.cookie, origin: server.url },
        body: form,
      }),
    );
  }

  let emails = 0;
  /** Valid values for strings whose validity the document cannot say: seeded ids and the like. */
  function samples(name: string, _schema: JsonSchema, route: string): string | undefined {
    // `/api/admin/{kind}/{id}`: the id of that kind.
    if (name === 'id') {
      const kind = route.split('/')[3];
      const ofKind: Record<string, string> = {
        seasons: club.season.id,
        teams: club.teamB.id,
        matches: match.id,
        people: club.parent.userId,
        media: media.id,
        messages: message.id,
      };
      if (!ofKind[kind!]) throw new Error(`no sample id for ${route}`);
      return ofKind[kind!];
    }
    const byName: Record<string, string | undefined> = {
      teamId: club.teamA.id,
      teamAId: club.teamA.id,
      teamBId: club.teamB.id,
      orgId: club.org.id,
      organizationId: club.org.id,
      seasonId: club.season.id,
      matchId: match.id,
      userId: club.parent.userId,
      coachId: club.coach.userId,
      playerId: player.id,
      participantId: home.id,
      out: home.id,
      in: away.id,
      statId: stat.id,
      messageId: message.id,
      mediaId: media.id,
      eventId: event.id,
      invitationId: invitation.id,
      tokenId: token.id,
      livestreamId: livestream.id,
      segment: 'segment-1.ts',
      viewer: 'walk-player-1',
      sportId: 'soccer',
      statType: 'goals',
      file: route.startsWith('/api/media/')
        ? media.url.split('/').pop()
        : route.startsWith('/api/avatars/')
          ? avatar.split('/').pop()
          : undefined,
      token: route.startsWith('/api/invite/')
        ? invitationToken
        : route.startsWith('/api/notifications/unsubscribe')
          ? unsubscribeToken
          : feedToken,
      email: `walk-${Date.now()}-${++emails}@example.com`,
      parentEmail: `walk-parent-${Date.now()}-${++emails}@example.com`,
      password: 'correct horse battery',
      currentPassword: 'correct horse',
      newPassword: 'another fine password',
      code: route === '/api/teams/join' ? club.teamB.code : 'WALK01',
      jerseyNumber: '7',
      startDate: '2026-09-01',
      endDate: '2027-06-30',
      startTime: '2026-12-01T17:00:00.000Z',
      timezone: 'Europe/London',
      timeZone: 'Europe/London',
      name: 'Walker',
      title: 'Walk',
      text: 'Hello',
      message: 'Hello',
      reason: 'Scorer was wrong',
      endpoint: 'http://127.0.0.1:3944/push/walk',
      p256dh: `B${'A'.repeat(86)}`,
      auth: 'A'.repeat(22),
      start: '22:00',
      end: '07:00',
    };
    return byName[name];
  }

  /** Who sends a route's requests: someone it lets through to validation. */
  function actorFor(route: string): ApiClient {
    if (route.startsWith('/api/user') || route.startsWith('/api/avatars/')) return person;
    if (route.startsWith('/api/admin/') || route.startsWith('/api/organizations') || route.startsWith('/api/tokens'))
      return club.admin;
    if (route.startsWith('/api/seasons')) return club.admin;
    if (route === '/api/teams/{teamId}/players/{playerId}/export') return club.parent;
    return club.coach;
  }

  /** Requests valid only with a field the document shows as optional (a refinement asks for one of several). */
  const requestBases: Record<string, { body?: Record<string, unknown>; query?: Record<string, string> }> = {
    'POST /api/matches/{matchId}/participants': { body: { userId: club.ben.userId } },
    'POST /api/matches/{matchId}/stats': { body: { participantId: home.id } },
    'POST /api/teams/{teamId}/messages': { body: { text: 'Hello' } },
    'PATCH /api/admin/people/{id}': { body: { role: 'parent' } },
    'GET /api/admin/access': { query: { userId: club.parent.userId } },
    'GET /api/teams/{teamId}/calendar.ics': { query: { token: feedToken } },
  };
  const requestBase: RequestBase = (method, route) => requestBases[`${method} ${route}`];

  return {
    club,
    person,
    match,
    home,
    away,
    stat,
    message,
    event,
    player,
    invitation,
    token,
    livestream,
    media,
    samples,
    actorFor,
    requestBase,
  };
}
