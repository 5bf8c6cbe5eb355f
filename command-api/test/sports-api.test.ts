import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('sports catalogue over HTTP', () => {
  it('lists the ten sports with their stat types and position counts', async () => {
    const response = await fetch(`${server.url}/api/sports`);
    expect(response.status).toBe(200);
    const sports = await readJson(response);
    expect(sports.map((s: { id: string }) => s.id)).toEqual([
      'soccer',
      'basketball',
      'baseball',
      'softball',
      'football',
      'hockey',
      'tennis',
      'volleyball',
      'track_field',
      'golf',
    ]);
    expect(sports[0]).toEqual({
      id: 'soccer',
      name: 'Soccer',
      type: 'team',
      description: expect.any(String),
      statTypes: ['goals', 'assists', 'saves', 'shots', 'passes', 'tackles', 'cards'],
      positionCount: 8,
    });
    const total = sports.reduce((n: number, s: { positionCount: number }) => n + s.positionCount, 0);
    expect(total).toBeGreaterThanOrEqual(45);
  });

  it("lists a sport's positions, and answers 404 for an unknown sport", async () => {
    const positions = await readJson(await fetch(`${server.url}/api/sports/basketball/positions`));
    expect(positions).toEqual([
      { id: 'point_guard', name: 'Point Guard' },
      { id: 'shooting_guard', name: 'Shooting Guard' },
      { id: 'small_forward', name: 'Small Forward' },
      { id: 'power_forward', name: 'Power Forward' },
      { id: 'center', name: 'Center' },
    ]);
    const unknown = await fetch(`${server.url}/api/sports/curling/positions`);
    expect(unknown.status).toBe(404);
    expect(await readJson(unknown)).toEqual({ message: 'Unknown sport', code: 'SPORT_NOT_FOUND' });
  });
});
