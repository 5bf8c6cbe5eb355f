import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccessSchema, adminActivityPageSchema, adminMediaSchema } from '@sideline/domain';
import { testDatabaseKinds } from '@sideline/infra/testing';
import { readJson, type ApiClient } from './http-client.ts';
import { createClub, type Club } from './match-fixture.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * Deleting a team hides it from the admin portal's reads too (its media), while its history is
 * kept: the audit, and who held which role in it up to the deletion (`/api/admin/access?at=`).
 */
describe.each(await testDatabaseKinds())("a deleted team in the admin portal's reads (%s)", (kind) => {
  let server: TestServer;
  let dataDir: string;
  let club: Club;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-deleted-team-'));
    server = await startTestServer({ kind, env: { TRUST_PROXY: '1', DATA_DIR: dataDir } });
    club = await createClub(server, 'Riverside');
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function upload(client: ApiClient, teamId: string, name: string): Promise<string> {
    const form = new FormData();
    form.append('type', 'photo');
    form.append('description', '');
    const data = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1d6f42' } })
      .png()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), name);
    const response = await fetch(`${server.url}/api/teams/${teamId}/media/upload`, {
      method: 'POST',
      headers: { cookie: client.cookie, origin: server.url },
      body: form,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await readJson(response)).id;
  }

  const adminMedia = async (query = '') =>
    adminMediaSchema.array().parse(await readJson(await club.admin.get(`/api/admin/media${query}`)));
  const accessOf = async (userId: string, at?: string) => {
    const response = await club.admin.get(
      `/api/admin/access?userId=${userId}${at ? `&at=${encodeURIComponent(at)}` : ''}`,
    );
    expect(response.status, await response.clone().text()).toBe(200);
    return adminAccessSchema.parse(await readJson(response));
  };

  it("its media leave the admin media list and downloads; the other teams' stay", async () => {
    const gone = await upload(club.bo, club.teamB.id, 'Owls team photo.png');
    const kept = await upload(club.parent, club.teamA.id, 'Hawks team photo.png');
    const ids = async (query = '') => (await adminMedia(query)).map((m) => m.id);
    expect(await ids()).toEqual(expect.arrayContaining([gone, kept]));
    expect((await club.admin.get(`/api/admin/media/${gone}/download`)).status).toBe(200);

    expect((await club.admin.delete(`/api/admin/teams/${club.teamB.id}`)).status).toBe(204);

    expect(await ids()).toContain(kept);
    expect(await ids()).not.toContain(gone);
    expect(await ids('?search=owls')).toEqual([]);
    expect(await ids('?type=image')).not.toContain(gone);
    expect((await club.admin.get(`/api/admin/media/${gone}/download`)).status).toBe(404);
    expect((await club.admin.get(`/api/admin/media/${kept}/download`)).status).toBe(200);
    // The audit keeps the upload.
    const audit = adminActivityPageSchema.parse(
      await readJson(await club.admin.get(`/api/admin/activity?teamId=${club.teamB.id}&type=MediaUploaded`)),
    );
    expect(audit.items.length).toBeGreaterThan(0);
  });

  it('access history: roles in the team end at its deletion; asked before it, they are as they were', async () => {
    // The coach of team A (and its creator, the admin) held roles in it until it was deleted.
    const before = await accessOf(club.coach.userId);
    expect(before.person!.teams).toEqual([
      expect.objectContaining({ teamId: club.teamA.id, role: 'coach', validTo: null }),
    ]);
    const parentBefore = await accessOf(club.parent.userId);
    expect(parentBefore.person!.teams.map((t) => t.teamId)).toEqual([club.teamA.id]);
    const beforeDeletion = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));

    expect((await club.admin.delete(`/api/admin/teams/${club.teamA.id}`)).status).toBe(204);

    // Now: no role in the deleted team.
    expect((await accessOf(club.coach.userId)).person!.teams).toEqual([]);
    expect((await accessOf(club.parent.userId)).person!.teams).toEqual([]);
    // Then: the role as it was, with the deletion as its end.
    const then = await accessOf(club.coach.userId, beforeDeletion);
    expect(then.person!.teams).toEqual([
      expect.objectContaining({ teamId: club.teamA.id, teamName: club.teamA.name, role: 'coach' }),
    ]);
    const ended = then.person!.teams[0]!.validTo;
    expect(ended).not.toBeNull();
    expect(Date.parse(ended!)).toBeGreaterThan(Date.parse(beforeDeletion));
    // A team asked about before the deletion still names the adults who could message it then.
    const team = adminAccessSchema.parse(
      await readJson(
        await club.admin.get(`/api/admin/access?teamId=${club.teamA.id}&at=${encodeURIComponent(beforeDeletion)}`),
      ),
    );
    expect(team.team!.adults.map((a) => a.userId)).toEqual(
      expect.arrayContaining([club.coach.userId, club.parent.userId]),
    );
    const teamNow = adminAccessSchema.parse(
      await readJson(await club.admin.get(`/api/admin/access?teamId=${club.teamA.id}`)),
    );
    expect(teamNow.team!.adults.filter((a) => a.role !== 'org_admin')).toEqual([]);
  });
});
