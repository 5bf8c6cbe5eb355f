import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let coach: ApiClient;
let parent: ApiClient;
let helper: ApiClient;
let team: { id: string; code: string };

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
/** A moment after everything so far and before anything next (event times have millisecond resolution). */
async function moment(): Promise<string> {
  await new Promise((r) => setTimeout(r, 5));
  const at = new Date().toISOString();
  await new Promise((r) => setTimeout(r, 5));
  return at;
}

beforeAll(async () => {
  // Without SMTP_URL the parent's invitation email goes to DATA_DIR/outbox: keep it out of the repo.
  server = await startTestServer({ env: { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sideline-history-')) } });
  [coach, parent, helper] = await Promise.all([
    signUp(server.url, 'coach', 'Casey Coach'),
    signUp(server.url, 'parent', 'Dana Parent', { email: 'dana@example.com' }),
    signUp(server.url, 'coach', 'Hal Helper'),
  ]);
  team = await readJson(await coach.post('/api/teams', { name: 'Tigers', sport: 'Soccer' }));
});
afterAll(async () => {
  await server?.close();
});

const membersAt = async (at: string) =>
  (await readJson(await coach.get(`/api/teams/${team.id}/members?at=${encodeURIComponent(at)}`))).map(
    (m: { name: string; assignedRole: string; canManage: boolean }) => [m.name, m.assignedRole, m.canManage],
  );
const playersAt = async (at: string) =>
  (await readJson(await coach.get(`/api/teams/${team.id}/players?at=${encodeURIComponent(at)}`))).map(
    (p: { name: string; linkStatus: string; guardians: Array<{ name: string }> }) => [
      p.name,
      p.linkStatus,
      p.guardians.map((g) => g.name),
    ],
  );

describe('the roster at a moment (?at=ISO), from history', () => {
  it('answers who was a member, in which role, and which guardians were linked; later changes never rewrite it', async () => {
    const t0 = await moment();
    const mia = await readJson(
      await coach.post(`/api/teams/${team.id}/players`, {
        name: 'Mia',
        parentEmail: 'dana@example.com',
        parentName: 'Dana Parent',
      }),
    );
    await helper.post('/api/teams/join', { code: team.code });
    const t1 = await moment();
    expect((await parent.post(`/api/invite/${tokenOf(mia.invitation.url)}/accept`)).status).toBe(200);
    await coach.put(`/api/teams/${team.id}/members/${helper.userId}/role`, { assignedRole: 'coach' });
    const t2 = await moment();

    const answers = async () => ({
      t0: { members: await membersAt(t0), players: await playersAt(t0) },
      t1: { members: await membersAt(t1), players: await playersAt(t1) },
      t2: { members: await membersAt(t2), players: await playersAt(t2) },
    });
    const before = await answers();
    expect(before).toEqual({
      t0: { members: [['Casey Coach', 'coach', true]], players: [] },
      t1: {
        members: [
          ['Casey Coach', 'coach', true],
          ['Hal Helper', 'other', false],
        ],
        players: [['Mia', 'pending', []]],
      },
      t2: {
        members: [
          ['Casey Coach', 'coach', true],
          ['Hal Helper', 'coach', true],
          ['Dana Parent', 'parent', false],
        ],
        players: [['Mia', 'linked', ['Dana Parent']]],
      },
    });

    // Later: the helper is no longer coach, Dana is unlinked, another player joins the roster.
    await coach.put(`/api/teams/${team.id}/members/${helper.userId}/role`, { assignedRole: 'other' });
    await coach.delete(`/api/teams/${team.id}/players/${mia.player.id}/guardians/${parent.userId}`);
    await coach.post(`/api/teams/${team.id}/players`, { name: 'Noah' });
    const t3 = await moment();

    expect(await answers()).toEqual(before);
    expect({ members: await membersAt(t3), players: await playersAt(t3) }).toEqual({
      members: [
        ['Casey Coach', 'coach', true],
        ['Hal Helper', 'other', false],
        ['Dana Parent', 'parent', false],
      ],
      // A used invitation and no parent: in neither list.
      players: [
        ['Mia', 'unlisted', []],
        ['Noah', 'unlinked', []],
      ],
    });
    // Without `at`, the roster now.
    const now = await readJson(await coach.get(`/api/teams/${team.id}/members`));
    expect(now.map((m: { name: string; assignedRole: string }) => [m.name, m.assignedRole])).toEqual([
      ['Casey Coach', 'coach'],
      ['Hal Helper', 'other'],
      ['Dana Parent', 'parent'],
    ]);
  });

  it('refuses a moment that is not an ISO date-time, and answers 404 to non-members', async () => {
    const bad = await coach.get(`/api/teams/${team.id}/members?at=yesterday`);
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).fieldErrors).toEqual({ at: ['Give a moment as an ISO date-time'] });
    expect((await coach.get(`/api/teams/${team.id}/players?at=0020-01-01T00:00:00Z`)).status).toBe(400);
    const outsider = await signUp(server.url, 'coach');
    const at = encodeURIComponent(new Date().toISOString());
    expect((await outsider.get(`/api/teams/${team.id}/members?at=${at}`)).status).toBe(404);
    expect((await outsider.get(`/api/teams/${team.id}/players?at=${at}`)).status).toBe(404);
  });
});
