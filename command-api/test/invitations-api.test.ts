import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationDecider, invitationStream } from '@sideline/domain';
import { parseMail, startTestSmtpServer, type TestSmtpServer } from '@sideline/infra/testing';
import { resolveInvitationToken } from '../src/invitations/invitation-tokens.ts';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const DAY = 86_400_000;
let smtp: TestSmtpServer;
let server: TestServer;
/** The server's clock runs `offset` ahead of the real one. */
let offset = 0;
let coach: ApiClient;
let parentMember: ApiClient;
let otherCoach: ApiClient;
let team: { id: string; name: string; code: string };
let otherTeam: { id: string; name: string; code: string };
let emails = 0;

const newEmail = (who: string) => `${who}-${++emails}-${Date.now()}@example.com`;
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const lookup = (token: string) => fetch(`${server.url}/api/invite/${token}`);
const signedOutPost = (p: string) =>
  fetch(`${server.url}${p}`, {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: '{}',
  });

/** The link in the email to `to`, as a person would click it. */
async function linkEmailedTo(to: string): Promise<string> {
  const mail = await smtp.nextMessageTo(to);
  const link = /https?:\/\/\S+\/invite\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
  expect(link, `a link in the email to ${to}`).toBeDefined();
  expect(mail.html).toContain(`href="${link}"`);
  return link!;
}

/**
 * Signs up a person. This suite needs more accounts than one IP may register in 15 minutes, so
 * the registration counter is cleared first (the limit itself is tested in the identity suite).
 */
async function person(
  role: 'parent' | 'coach' | 'player',
  name?: string,
  on: TestServer = server,
  email?: string,
): Promise<ApiClient> {
  await on.database.db.deleteFrom('rate_limits').where('key', 'like', 'register:%').execute();
  return signUp(on.url, role, name, email ? { email } : {});
}

async function createTeam(client: ApiClient, name: string) {
  const response = await client.post('/api/teams', { name, sport: 'Soccer' });
  expect(response.status).toBe(201);
  return readJson(response);
}

async function addPlayer(client: ApiClient, teamId: string, body: Record<string, unknown>) {
  const response = await client.post(`/api/teams/${teamId}/players`, body);
  expect(response.status).toBe(201);
  return readJson(response);
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url }, clock: () => new Date(Date.now() + offset) });
  [coach, parentMember, otherCoach] = await Promise.all([
    person('coach', 'Casey Coach'),
    person('parent', 'Pat Member'),
    person('coach', 'Olly Other'),
  ]);
  team = await createTeam(coach, 'Tigers');
  otherTeam = await createTeam(otherCoach, 'Lions');
  expect((await parentMember.post('/api/teams/join', { code: team.code })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('adding a player with a parent email, and the parent accepting', () => {
  it('emails the parent a link that works signed out, and accepting joins them as parent, linked to the player', async () => {
    const parentEmail = newEmail('dana');
    const added = await addPlayer(coach, team.id, {
      name: 'Mia',
      jerseyNumber: '7',
      parentEmail,
      parentName: 'Dana Parent',
    });
    expect(added).toMatchObject({
      player: { name: 'Mia', jerseyNumber: '7', xp: 0, dulars: 0, guardians: [], account: null, linkStatus: 'pending' },
      invitation: { inviteType: 'parent', inviteeName: 'Dana Parent', inviteeEmail: parentEmail, status: 'pending' },
      emailSent: true,
    });
    const { invitation } = added;
    expect(invitation.url).toMatch(new RegExp(`^${server.url}/invite\\?token=[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(7 * DAY);

    const link = await linkEmailedTo(parentEmail);
    expect(link).toBe(invitation.url);
    const token = tokenOf(link);

    // Opened signed out: what the /invite screen needs to pre-fill the sign-up.
    const opened = await lookup(token);
    expect(opened.status).toBe(200);
    expect(await readJson(opened)).toEqual({
      id: invitation.id,
      inviteType: 'parent',
      parentEmail,
      parentName: 'Dana Parent',
      team: { id: team.id, name: 'Tigers', sport: 'Soccer' },
      player: { id: added.player.id, name: 'Mia' },
      expiresAt: invitation.expiresAt,
    });
    expect((await signedOutPost(`/api/invite/${token}/accept`)).status).toBe(401);

    const dana = await person('parent', 'Dana Parent', server, parentEmail);
    const accepted = await dana.post(`/api/invite/${token}/accept`);
    expect(accepted.status).toBe(200);
    expect(await readJson(accepted)).toMatchObject({
      team: { id: team.id, name: 'Tigers', myAssignedRole: 'parent' },
      assignedRole: 'parent',
      player: { id: added.player.id, name: 'Mia' },
    });

    const players = await readJson(await coach.get(`/api/teams/${team.id}/players`));
    expect(players.find((p: { id: string }) => p.id === added.player.id)).toMatchObject({
      linkStatus: 'linked',
      guardians: [{ userId: dana.userId, name: 'Dana Parent' }],
    });
    const members = await readJson(await coach.get(`/api/teams/${team.id}/members`));
    expect(members.find((m: { userId: string }) => m.userId === dana.userId)).toMatchObject({
      assignedRole: 'parent',
      canManage: false,
    });
    // The parent is a member now: the team's chat is theirs.
    expect((await dana.get(`/api/teams/${team.id}/messages`)).status).toBe(200);

    // Single use: the same person again changes nothing; anyone else, and the lookup, get 410.
    expect((await dana.post(`/api/invite/${token}/accept`)).status).toBe(200);
    const stranger = await person('parent');
    const reused = await stranger.post(`/api/invite/${token}/accept`);
    expect(reused.status).toBe(410);
    expect(await readJson(reused)).toEqual({
      code: 'INVITATION_USED',
      message: 'This invitation has already been used.',
    });
    expect((await lookup(token)).status).toBe(410);
    expect((await stranger.get(`/api/teams/${team.id}`)).status).toBe(404);

    // The list says it was used, and never carries a token.
    const listed = await coach.get(`/api/teams/${team.id}/invitations`);
    const text = await listed.text();
    expect(text).not.toContain(token);
    expect(text).not.toContain('url');
    const row = (JSON.parse(text) as Array<{ id: string }>).find((i) => i.id === invitation.id);
    expect(row).toMatchObject({
      playerId: added.player.id,
      playerName: 'Mia',
      inviteType: 'parent',
      inviteeName: 'Dana Parent',
      status: 'used',
      revokedAt: null,
    });
    expect(row).toHaveProperty('usedAt', expect.any(String));
  });

  it('adds a player without a parent email as Unlinked, and sends nothing', async () => {
    const before = smtp.messages.length;
    const added = await addPlayer(coach, team.id, { name: 'Noah' });
    expect(added).toMatchObject({
      player: { name: 'Noah', jerseyNumber: null, linkStatus: 'unlinked' },
      invitation: null,
      emailSent: null,
    });
    expect(smtp.messages.length).toBe(before);
  });

  it('keeps only a hash of the token', async () => {
    const added = await addPlayer(coach, team.id, { name: 'Hash', parentEmail: newEmail('h'), parentName: 'H' });
    const token = tokenOf(added.invitation.url);
    const rows = await server.database.db.selectFrom('invitation_tokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    const events = await server.eventStore.readStream(invitationStream(added.invitation.id));
    expect(JSON.stringify(events.map((e) => [e.data, e.metadata]))).not.toContain(token);
    expect(await resolveInvitationToken(server.database.db, token)).toEqual({
      invitationId: added.invitation.id,
      tokenVersion: 1,
    });
  });

  it('refuses bad payloads with field messages', async () => {
    const response = await coach.post(`/api/teams/${team.id}/players`, {
      name: '',
      parentEmail: 'nope',
      parentName: 'X',
    });
    expect(response.status).toBe(400);
    expect((await readJson(response)).fieldErrors).toEqual({
      name: ['Player name is required'],
      parentEmail: ['Invalid email'],
    });
  });
});

describe('inviting players and coaches', () => {
  it('invites a player by email: a new roster player whose account is linked on acceptance', async () => {
    const email = newEmail('leo');
    const created = await coach.post(`/api/teams/${team.id}/invite`, {
      inviteType: 'player',
      name: 'Leo Player',
      email,
      jerseyNumber: '9',
      ageGroup: 'U12',
    });
    expect(created.status).toBe(201);
    const body = await readJson(created);
    expect(body).toMatchObject({
      invitation: { inviteType: 'player', inviteeName: 'Leo Player', ageGroup: 'U12', status: 'pending' },
      player: { name: 'Leo Player', jerseyNumber: '9', account: null },
      emailSent: true,
    });
    expect(Object.keys(body.invitation)).toEqual(expect.arrayContaining(['id', 'url', 'expiresAt']));
    const link = await linkEmailedTo(email);
    const leo = await person('player', 'Leo Player', server, email);
    const accepted = await readJson(await leo.post(`/api/invite/${tokenOf(link)}/accept`));
    expect(accepted).toMatchObject({ assignedRole: 'player', player: { id: body.player.id } });
    const players = await readJson(await leo.get(`/api/teams/${team.id}/players`));
    expect(players.find((p: { id: string }) => p.id === body.player.id)).toMatchObject({
      account: { userId: leo.userId, name: 'Leo Player' },
      // A player account is not a parent: the parent link is still open.
      linkStatus: 'unlinked',
    });
  });

  it('invites a coach: accepting makes them an assigned coach who manages the team', async () => {
    const email = newEmail('sam');
    const created = await coach.post(`/api/teams/${team.id}/invite`, {
      inviteType: 'coach',
      name: 'Sam Coach',
      email,
      specialization: 'Goalkeepers',
    });
    expect(created.status).toBe(201);
    expect(await readJson(created)).toMatchObject({
      invitation: { inviteType: 'coach', playerId: null, specialization: 'Goalkeepers' },
      player: null,
      emailSent: true,
    });
    const sam = await person('coach', 'Sam Coach', server, email);
    const accepted = await readJson(await sam.post(`/api/invite/${tokenOf(await linkEmailedTo(email))}/accept`));
    expect(accepted).toMatchObject({ assignedRole: 'coach', player: null, team: { myAssignedRole: 'coach' } });
    // A manager now: they can invite too.
    const theirs = await sam.post(`/api/teams/${team.id}/invite`, {
      inviteType: 'coach',
      name: 'Kim',
      email: newEmail('kim'),
    });
    expect(theirs.status).toBe(201);
  });

  it('refuses a coach invitation to an account with another email (403, address masked), changing nothing', async () => {
    const intendedEmail = newEmail('intended');
    const created = await readJson(
      await coach.post(`/api/teams/${team.id}/invite`, {
        inviteType: 'coach',
        name: 'Ina Tended',
        email: intendedEmail,
      }),
    );
    const token = tokenOf(await linkEmailedTo(intendedEmail));
    const invitationEvents = (await server.eventStore.readStream(invitationStream(created.invitation.id))).length;
    const teamEvents = (await server.eventStore.readStream(`team-${team.id}`)).length;

    const holder = await person('coach', 'Link Holder');
    const refused = await holder.post(`/api/invite/${token}/accept`);
    expect(refused.status).toBe(403);
    const body = await readJson(refused);
    expect(body.code).toBe('INVITATION_FOR_ANOTHER_EMAIL');
    expect(body.message).toContain('i•••@example.com');
    expect(body.message).not.toContain(intendedEmail);

    // Nothing happened: no event, no membership, the invitation still pending and usable.
    expect(await server.eventStore.readStream(invitationStream(created.invitation.id))).toHaveLength(invitationEvents);
    expect(await server.eventStore.readStream(`team-${team.id}`)).toHaveLength(teamEvents);
    expect((await holder.get(`/api/teams/${team.id}`)).status).toBe(404);
    const members = await readJson(await coach.get(`/api/teams/${team.id}/members`));
    expect(members.map((m: { userId: string }) => m.userId)).not.toContain(holder.userId);
    expect(
      (await holder.post(`/api/teams/${team.id}/events`, { title: 'x', date: new Date().toISOString() })).status,
    ).toBe(404);
    expect((await lookup(token)).status).toBe(200);

    const intended = await person('coach', 'Ina Tended', server, intendedEmail);
    const accepted = await intended.post(`/api/invite/${token}/accept`);
    expect(accepted.status).toBe(200);
    expect(await readJson(accepted)).toMatchObject({ assignedRole: 'coach', team: { id: team.id } });
  });

  it('makes a member who joined by code as "other" coach when they accept a coach invitation', async () => {
    const joEmail = newEmail('jo');
    const joiner = await person('coach', 'Jo Joiner', server, joEmail);
    await joiner.post('/api/teams/join', { code: team.code });
    expect((await readJson(await joiner.get(`/api/teams/${team.id}`))).myAssignedRole).toBe('other');
    const created = await readJson(
      await coach.post(`/api/teams/${team.id}/invite`, { inviteType: 'coach', name: 'Jo', email: joEmail }),
    );
    const accepted = await readJson(await joiner.post(`/api/invite/${tokenOf(created.invitation.url)}/accept`));
    expect(accepted.assignedRole).toBe('coach');
  });

  it('asks for the fields of each kind with the spec’s messages', async () => {
    const coachErrors = await coach.post(`/api/teams/${team.id}/invite`, { inviteType: 'coach', name: '', email: 'x' });
    expect(coachErrors.status).toBe(400);
    expect((await readJson(coachErrors)).fieldErrors).toEqual({
      name: ['Coach name is required'],
      email: ['Invalid email'],
    });
    const playerErrors = await coach.post(`/api/teams/${team.id}/invite`, { inviteType: 'player', email: 'p@x.org' });
    expect((await readJson(playerErrors)).fieldErrors).toEqual({ name: ['Player name is required'] });
    const kind = await coach.post(`/api/teams/${team.id}/invite`, { inviteType: 'admin', name: 'A', email: 'a@x.org' });
    expect((await readJson(kind)).fieldErrors).toEqual({ inviteType: ['Choose player or coach'] });
  });
});

describe('resending, revoking and expiry', () => {
  it('resend issues a fresh link and expiry; the old link dies (410), the new one works', async () => {
    const email = newEmail('re');
    const first = await readJson(
      await coach.post(`/api/teams/${team.id}/invite`, { inviteType: 'coach', name: 'Re Send', email }),
    );
    await linkEmailedTo(email);
    offset = 2 * DAY;
    try {
      const resent = await coach.post(`/api/teams/${team.id}/invitations/${first.invitation.id}/resend`);
      expect(resent.status).toBe(200);
      const body = await readJson(resent);
      expect(body.emailSent).toBe(true);
      expect(body.invitation.url).not.toBe(first.invitation.url);
      expect(Date.parse(body.invitation.expiresAt) - Date.parse(first.invitation.expiresAt)).toBeGreaterThanOrEqual(
        2 * DAY - 60_000,
      );
      const old = await lookup(tokenOf(first.invitation.url));
      expect(old.status).toBe(410);
      expect((await readJson(old)).code).toBe('INVITATION_REPLACED');
      // The resent email carries the new link.
      expect(smtp.messages.filter((m) => m.text?.includes(body.invitation.url))).toHaveLength(1);
      expect((await lookup(tokenOf(body.invitation.url))).status).toBe(200);
    } finally {
      offset = 0;
    }
  });

  it('revoke kills the link (410 on lookup and accept); a revoked invitation cannot be resent', async () => {
    const created = await readJson(
      await coach.post(`/api/teams/${team.id}/invite`, {
        inviteType: 'coach',
        name: 'Rev Oked',
        email: newEmail('rev'),
      }),
    );
    const token = tokenOf(created.invitation.url);
    const revoked = await coach.delete(`/api/teams/${team.id}/invitations/${created.invitation.id}`);
    expect(revoked.status).toBe(200);
    expect(await readJson(revoked)).toMatchObject({ id: created.invitation.id, status: 'revoked' });
    const gone = await lookup(token);
    expect(gone.status).toBe(410);
    expect(await readJson(gone)).toEqual({
      code: 'INVITATION_REVOKED',
      message: 'This invitation was withdrawn by the team. Ask the coach for a new one.',
    });
    const someone = await person('coach');
    expect((await someone.post(`/api/invite/${token}/accept`)).status).toBe(410);
    expect((await someone.get(`/api/teams/${team.id}`)).status).toBe(404);
    expect((await coach.post(`/api/teams/${team.id}/invitations/${created.invitation.id}/resend`)).status).toBe(409);
  });

  it('a link expires after 7 days (410); the list says expired; a resend brings it back', async () => {
    const eveEmail = newEmail('eve');
    const added = await addPlayer(coach, team.id, { name: 'Eve', parentEmail: eveEmail, parentName: 'Eve Parent' });
    const token = tokenOf(added.invitation.url);
    const eveParent = await person('parent', undefined, server, eveEmail);
    offset = 7 * DAY + 60_000;
    try {
      const expired = await lookup(token);
      expect(expired.status).toBe(410);
      expect(await readJson(expired)).toEqual({
        code: 'INVITATION_EXPIRED',
        message: 'This invitation has expired. Ask the coach to send a new one.',
      });
      expect((await eveParent.post(`/api/invite/${token}/accept`)).status).toBe(410);
      const list = await readJson(await coach.get(`/api/teams/${team.id}/invitations`));
      expect(list.find((i: { id: string }) => i.id === added.invitation.id).status).toBe('expired');
      // Still unused: the player stays pending so the coach sees it and can resend.
      const players = await readJson(await coach.get(`/api/teams/${team.id}/players`));
      expect(players.find((p: { id: string }) => p.id === added.player.id).linkStatus).toBe('pending');

      const resent = await readJson(
        await coach.post(`/api/teams/${team.id}/invitations/${added.invitation.id}/resend`),
      );
      expect(resent.invitation.status).toBe('pending');
      const accepted = await eveParent.post(`/api/invite/${tokenOf(resent.invitation.url)}/accept`);
      expect(accepted.status).toBe(200);
    } finally {
      offset = 0;
    }
  });

  it('answers 404 for a link that was never issued, malformed or not', async () => {
    const unknown = await lookup('A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(await readJson(unknown)).toEqual({
      code: 'INVITATION_NOT_FOUND',
      message: 'This invitation link is not valid',
    });
    expect((await lookup('nonsense')).status).toBe(404);
    const someone = await person('parent');
    expect((await someone.post(`/api/invite/${'B'.repeat(43)}/accept`)).status).toBe(404);
  });
});

describe('AcceptInvite across its streams', () => {
  it('completes the membership and the guardian link on retry when the process stopped after the acceptance', async () => {
    const crashEmail = newEmail('c');
    const added = await addPlayer(coach, team.id, { name: 'Crash', parentEmail: crashEmail, parentName: 'C Parent' });
    const token = tokenOf(added.invitation.url);
    const parent = await person('parent', undefined, server, crashEmail);
    // Only the first step ran (the acceptance on the invitation's stream), as if the process died there.
    await server.server.handle(
      invitationDecider,
      invitationStream(added.invitation.id),
      {
        type: 'AcceptInvite',
        data: {
          invitationId: added.invitation.id,
          tokenVersion: 1,
          userId: parent.userId,
          userEmail: crashEmail,
          now: new Date().toISOString(),
        },
      },
      { actorId: parent.userId },
    );
    expect((await parent.get(`/api/teams/${team.id}`)).status).toBe(404);
    const players = await readJson(await coach.get(`/api/teams/${team.id}/players`));
    expect(players.find((p: { id: string }) => p.id === added.player.id).linkStatus).toBe('unlisted');

    const retried = await parent.post(`/api/invite/${token}/accept`);
    expect(retried.status).toBe(200);
    expect((await parent.get(`/api/teams/${team.id}`)).status).toBe(200);
    const after = await readJson(await coach.get(`/api/teams/${team.id}/players`));
    expect(after.find((p: { id: string }) => p.id === added.player.id)).toMatchObject({
      linkStatus: 'linked',
      guardians: [{ userId: parent.userId }],
    });
  });

  it('lets a parent of two children on two teams, and a second guardian, see both teams’ events, chat and media', async () => {
    const patEmail = newEmail('pat');
    const pat = await person('parent', 'Pat Twokids', server, patEmail);
    const mia = await addPlayer(coach, team.id, { name: 'Kid One', parentEmail: patEmail, parentName: 'Pat' });
    const ben = await addPlayer(otherCoach, otherTeam.id, {
      name: 'Kid Two',
      parentEmail: patEmail,
      parentName: 'Pat',
    });
    for (const added of [mia, ben]) {
      expect((await pat.post(`/api/invite/${tokenOf(added.invitation.url)}/accept`)).status).toBe(200);
    }
    // A second guardian for the first child, linked by the coach once they are in the team.
    const sky = await person('parent', 'Sky Second');
    const notYet = await coach.post(`/api/teams/${team.id}/players/${mia.player.id}/guardians`, { userId: sky.userId });
    expect(notYet.status).toBe(404);
    expect((await readJson(notYet)).code).toBe('MEMBER_NOT_FOUND');
    await sky.post('/api/teams/join', { code: team.code });
    const linked = await coach.post(`/api/teams/${team.id}/players/${mia.player.id}/guardians`, { userId: sky.userId });
    expect(linked.status).toBe(200);
    expect((await readJson(linked)).guardians.map((g: { name: string }) => g.name)).toEqual([
      'Pat Twokids',
      'Sky Second',
    ]);

    const teamIds = (await readJson(await pat.get('/api/teams'))).map((t: { id: string }) => t.id);
    expect(teamIds).toEqual([team.id, otherTeam.id]);
    await otherCoach.post(`/api/teams/${otherTeam.id}/events`, {
      title: 'Lions practice',
      date: new Date(Date.now() + 2 * DAY).toISOString(),
      isRecurring: false,
    });
    await coach.post(`/api/teams/${team.id}/events`, {
      title: 'Tigers game',
      date: new Date(Date.now() + 3 * DAY).toISOString(),
      isRecurring: false,
    });
    await otherCoach.post(`/api/teams/${otherTeam.id}/messages`, { text: 'Lions: bring water' });
    for (const [id, title, text] of [
      [team.id, 'Tigers game', null],
      [otherTeam.id, 'Lions practice', 'Lions: bring water'],
    ] as const) {
      const events = await readJson(await pat.get(`/api/teams/${id}/events`));
      expect(events.map((e: { title: string }) => e.title)).toContain(title);
      const messages = await readJson(await pat.get(`/api/teams/${id}/messages`));
      if (text) expect(messages.map((m: { text: string }) => m.text)).toContain(text);
      expect((await pat.get(`/api/teams/${id}/media`)).status).toBe(200);
    }
    const kidOne = (await readJson(await pat.get(`/api/teams/${team.id}/players`))).find(
      (p: { id: string }) => p.id === mia.player.id,
    );
    expect(kidOne.guardians.map((g: { userId: string }) => g.userId)).toEqual([pat.userId, sky.userId]);
    const kidTwo = (await readJson(await pat.get(`/api/teams/${otherTeam.id}/players`))).find(
      (p: { id: string }) => p.id === ben.player.id,
    );
    expect(kidTwo.guardians.map((g: { userId: string }) => g.userId)).toEqual([pat.userId]);

    // A guardian may end their own link, not another guardian's.
    const guardianPath = (userId: string) => `/api/teams/${team.id}/players/${mia.player.id}/guardians/${userId}`;
    expect((await pat.delete(guardianPath(sky.userId))).status).toBe(403);
    const self = await sky.delete(guardianPath(sky.userId));
    expect(self.status).toBe(200);
    expect((await readJson(self)).guardians.map((g: { userId: string }) => g.userId)).toEqual([pat.userId]);
    expect((await coach.delete(guardianPath(sky.userId))).status).toBe(404);
  });
});

describe('who may manage players and invitations', () => {
  let invitationId: string;
  let playerId: string;
  beforeAll(async () => {
    const added = await addPlayer(coach, team.id, { name: 'Perm', parentEmail: newEmail('perm'), parentName: 'P' });
    invitationId = added.invitation.id;
    playerId = added.player.id;
  });

  it('refuses a parent of the team: 403 on invite, add player, the invitations list, revoke, resend and links', async () => {
    const t = `/api/teams/${team.id}`;
    const calls = [
      parentMember.post(`${t}/invite`, { inviteType: 'coach', name: 'X', email: 'x@example.com' }),
      parentMember.post(`${t}/players`, { name: 'X' }),
      parentMember.get(`${t}/invitations`),
      parentMember.delete(`${t}/invitations/${invitationId}`),
      parentMember.post(`${t}/invitations/${invitationId}/resend`),
      parentMember.post(`${t}/players/${playerId}/guardians`, { userId: parentMember.userId }),
    ];
    const responses = await Promise.all(calls);
    expect(responses.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(await readJson(responses[0]!)).toMatchObject({ code: 'TEAM_MANAGERS_ONLY' });
    // But they see the roster.
    expect((await parentMember.get(`${t}/players`)).status).toBe(200);
  });

  it("answers 404 for another team's players and invitations, also through the caller's own team", async () => {
    const t = `/api/teams/${team.id}`;
    const own = `/api/teams/${otherTeam.id}`;
    const responses = await Promise.all([
      otherCoach.get(`${t}/players`),
      otherCoach.get(`${t}/invitations`),
      otherCoach.post(`${t}/invite`, { inviteType: 'coach', name: 'X', email: 'x@example.com' }),
      otherCoach.post(`${t}/players`, { name: 'X' }),
      otherCoach.delete(`${t}/invitations/${invitationId}`),
      otherCoach.get(`/api/teams/${team.id}/members?at=${new Date().toISOString()}`),
      // The invitation and the player exist, but not in the caller's team.
      otherCoach.delete(`${own}/invitations/${invitationId}`),
      otherCoach.post(`${own}/invitations/${invitationId}/resend`),
      otherCoach.delete(`${own}/players/${playerId}/account`),
      otherCoach.post(`${own}/players/${playerId}/guardians`, { userId: otherCoach.userId }),
    ]);
    expect(responses.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404, 404, 404]);
    const list = await readJson(await coach.get(`${t}/invitations`));
    expect(list.find((i: { id: string }) => i.id === invitationId).status).toBe('pending');
  });

  it('asks for a sign-in before anything team-scoped', async () => {
    const response = await fetch(`${server.url}/api/teams/${team.id}/players`);
    expect(response.status).toBe(401);
  });
});

describe('the API document', () => {
  it('describes the roster and invitation calls', async () => {
    const openapi = await readJson(await fetch(`${server.url}/api/docs/json`));
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining([
        '/api/teams/{teamId}/players',
        '/api/teams/{teamId}/players/{playerId}/guardians',
        '/api/teams/{teamId}/invite',
        '/api/teams/{teamId}/invitations',
        '/api/teams/{teamId}/invitations/{invitationId}',
        '/api/teams/{teamId}/invitations/{invitationId}/resend',
        '/api/invite/{token}',
        '/api/invite/{token}/accept',
      ]),
    );
  });
});

describe('when mail cannot be sent', () => {
  it('still records the invitation and answers its link, with emailSent false', async () => {
    const closed = await startTestSmtpServer();
    const deadUrl = closed.url;
    await closed.close();
    const local = await startTestServer({ env: { SMTP_URL: deadUrl } });
    try {
      const c = await person('coach', undefined, local);
      const t = await createTeam(c, 'Offline');
      const response = await c.post(`/api/teams/${t.id}/players`, {
        name: 'Z',
        parentEmail: 'z@example.com',
        parentName: 'Z',
      });
      expect(response.status).toBe(201);
      const body = await readJson(response);
      expect(body.emailSent).toBe(false);
      expect((await fetch(`${local.url}/api/invite/${tokenOf(body.invitation.url)}`)).status).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('refuses a mail server of another host that offers no STARTTLS: the invitation stays, emailSent false', async () => {
    // 127.0.0.2 is not a literal local host, so TLS is required; the server would take AUTH in clear.
    const plain = await startTestSmtpServer({ host: '127.0.0.2', credentials: { username: 'club', password: 'pw' } });
    const local = await startTestServer({ env: { SMTP_URL: `smtp://club:pw@127.0.0.2:${plain.port}` } });
    try {
      const c = await person('coach', undefined, local);
      const t = await createTeam(c, 'Plaintext');
      const body = await readJson(
        await c.post(`/api/teams/${t.id}/players`, { name: 'W', parentEmail: 'w@example.com', parentName: 'W' }),
      );
      expect(body.emailSent).toBe(false);
      expect(plain.auths).toEqual([]);
      expect(plain.messages).toEqual([]);
      // The manager still has the link to share, and can resend once mail is fixed.
      expect((await fetch(`${local.url}/api/invite/${tokenOf(body.invitation.url)}`)).status).toBe(200);
      const resent = await c.post(`/api/teams/${t.id}/invitations/${body.invitation.id}/resend`);
      expect(resent.status).toBe(200);
      expect((await readJson(resent)).emailSent).toBe(false);
    } finally {
      await local.close();
      await plain.close();
    }
  });

  it('without SMTP_URL writes the email to DATA_DIR/outbox as an .eml file carrying the link', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-outbox-'));
    const local = await startTestServer({ env: { DATA_DIR: dataDir } });
    try {
      const c = await person('coach', undefined, local);
      const t = await createTeam(c, 'Outbox');
      const body = await readJson(
        await c.post(`/api/teams/${t.id}/players`, { name: 'Y', parentEmail: 'y@example.com', parentName: 'Y' }),
      );
      expect(body.emailSent).toBe(true);
      expect(body.invitation.url.startsWith(`${local.url}/invite?token=`)).toBe(true);
      const files = readdirSync(path.join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = await parseMail(readFileSync(path.join(dataDir, 'outbox', files[0]!)));
      expect(eml.to && !Array.isArray(eml.to) && eml.to.text).toBe('y@example.com');
      expect(eml.text).toContain(body.invitation.url);
    } finally {
      await local.close();
    }
  });
});
