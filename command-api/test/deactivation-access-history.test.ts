import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccessSchema } from '@sideline/domain';
import { testDatabaseKinds } from '@sideline/infra/testing';
import { readJson } from './http-client.ts';
import { createClub, type Club } from './match-fixture.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const pause = () => new Promise((r) => setTimeout(r, 20));

/**
 * The access history (`GET /api/admin/access`) follows a deactivation: the person held no role in
 * the club's teams while deactivated, held them before (`?at=`), and holds them again from the
 * reactivation on.
 */
describe.each(await testDatabaseKinds())('access history across a deactivation (%s)', (kind) => {
  let server: TestServer;
  let club: Club;

  beforeAll(async () => {
    server = await startTestServer({ kind, env: { TRUST_PROXY: '1' } });
    club = await createClub(server, 'Riverside');
  });
  afterAll(async () => {
    await server?.close();
  });

  const access = async (query: string, at?: string) => {
    const response = await club.admin.get(`/api/admin/access?${query}${at ? `&at=${encodeURIComponent(at)}` : ''}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return adminAccessSchema.parse(await readJson(response));
  };
  const rolesOf = async (userId: string, at?: string) => (await access(`userId=${userId}`, at)).person!.teams;
  const adultsOf = async (teamId: string, at?: string) =>
    (await access(`teamId=${teamId}`, at)).team!.adults.map((a) => a.userId);

  it('ends their roles at the deactivation, answers them as they were before, and begins them again at the reactivation', async () => {
    const { parent, coach } = club;
    expect(await rolesOf(parent.userId)).toEqual([
      expect.objectContaining({ teamId: club.teamA.id, role: 'parent', validTo: null }),
    ]);
    const before = new Date().toISOString();
    await pause();

    expect((await club.admin.delete(`/api/admin/people/${parent.userId}`)).status).toBe(204);
    await pause();
    const during = new Date().toISOString();

    // Now: no role in the club's teams, and not among the adults who could message the team.
    expect(await rolesOf(parent.userId)).toEqual([]);
    expect(await adultsOf(club.teamA.id)).not.toContain(parent.userId);
    expect(await adultsOf(club.teamA.id)).toContain(coach.userId);
    // Before the deactivation: the role as it was, ended by the deactivation.
    const then = await rolesOf(parent.userId, before);
    expect(then).toEqual([expect.objectContaining({ teamId: club.teamA.id, role: 'parent' })]);
    const ended = then[0]!.validTo;
    expect(ended).not.toBeNull();
    expect(Date.parse(ended!)).toBeGreaterThan(Date.parse(before));
    expect(Date.parse(ended!)).toBeLessThanOrEqual(Date.parse(during));
    expect(await adultsOf(club.teamA.id, before)).toContain(parent.userId);

    await pause();
    expect((await club.admin.patch(`/api/admin/people/${parent.userId}`, { isActive: true })).status).toBe(200);

    // From the reactivation on, the role again (a new period); the deactivated stretch stays empty.
    const now = await rolesOf(parent.userId);
    expect(now).toEqual([expect.objectContaining({ teamId: club.teamA.id, role: 'parent', validTo: null })]);
    expect(Date.parse(now[0]!.validFrom)).toBeGreaterThan(Date.parse(during));
    expect(await rolesOf(parent.userId, during)).toEqual([]);
    expect(await rolesOf(parent.userId, before)).toEqual(then);
    expect(await adultsOf(club.teamA.id)).toContain(parent.userId);
  });
});
