import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSideline } from './support/sideline-process.ts';

describe('npm start in embedded mode (PGlite under DATA_DIR, in-process bus)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Two cold starts (migrations, demo seed) of up to 60 s each on a busy machine.
  it('keeps accounts across a Ctrl-C and restart: register, restart, sign in', { timeout: 180_000 }, async () => {
    const first = await startSideline({ dataDir });
    expect(first.output()).toMatch(/Sideline is running at http:\/\/127\.0\.0\.1:\d+/);
    expect(first.output()).toContain(`Node ${process.versions.node})`);
    const registered = await fetch(`${first.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'keeper@example.com',
        password: 'correct horse',
        name: 'Kim Keeper',
        role: 'player',
      }),
    });
    expect(registered.status).toBe(201);
    expect(await first.stop()).toBe(0);

    const second = await startSideline({ dataDir });
    try {
      const login = await fetch(`${second.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'keeper@example.com', password: 'correct horse' }),
      });
      expect(login.status).toBe(200);
      expect(await login.json()).toMatchObject({ name: 'Kim Keeper', role: 'player' });
      const health = (await (await fetch(`${second.url}/api/health`)).json()) as { mode: string; status: string };
      expect(health).toMatchObject({ mode: 'embedded', status: 'ok' });
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});
