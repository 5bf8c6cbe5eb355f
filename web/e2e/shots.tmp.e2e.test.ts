import { it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { createTeamInBrowser, joinTeamInBrowser, signUpInBrowser } from './support/people.ts';
import { freePort, startPublisher } from './support/rtmp-publisher.ts';
import { startSideline } from './support/sideline-process.ts';

it('screenshots', async () => {
  const port = await freePort();
  const sideline = await startSideline({ env: { RTMP_PORT: String(port), RTMP_HOST: '127.0.0.1' } });
  const { browser, close } = await launchBrowser();
  try {
    const coach = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const parent = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signUpInBrowser(coach, sideline.url, 'Casey Coach', 'Coach');
    const { teamId, code } = await createTeamInBrowser(coach, sideline.url, 'Riverside Hawks');
    await signUpInBrowser(parent, sideline.url, 'Pat Parent', 'Parent');
    await joinTeamInBrowser(parent, sideline.url, code, teamId);
    await coach.goto(`${sideline.url}/livestream`);
    await coach.getByRole('heading', { name: 'No livestreams yet' }).waitFor();
    await coach.screenshot({ path: '/tmp/ls-empty.png' });
    await coach.getByRole('button', { name: 'New Stream' }).click();
    await coach.getByRole('dialog').getByLabel('Stream Title').fill('Hawks vs. Eagles');
    await coach.screenshot({ path: '/tmp/ls-dialog.png' });
    await coach.getByRole('button', { name: 'Create Stream' }).click();
    await coach.getByTestId('stream-key').waitFor();
    await coach.waitForTimeout(500);
    await coach.screenshot({ path: '/tmp/ls-created.png' });
    const url = (await coach.getByTestId('rtmp-url').textContent())!;
    const key = (await coach.getByTestId('stream-key').textContent())!;
    const id = new URL(coach.url()).searchParams.get('stream');
    const pub = startPublisher(`${url}/${key}`);
    await coach.getByRole('button', { name: 'End Stream' }).waitFor({ timeout: 20000 });
    await parent.goto(`${sideline.url}/livestream?stream=${id}`);
    await parent.getByRole('textbox', { name: 'Chat message' }).fill('Go Hawks!');
    await parent.getByRole('button', { name: 'Send', exact: true }).click();
    await coach.waitForTimeout(6000);
    await coach.screenshot({ path: '/tmp/ls-live-coach.png', fullPage: true });
    await parent.screenshot({ path: '/tmp/ls-live-parent.png', fullPage: true });
    await pub.stop();
    await coach.getByRole('link', { name: 'Watch recording' }).waitFor({ timeout: 60000 });
    await coach.screenshot({ path: '/tmp/ls-ended.png' });
  } finally {
    await close();
    await sideline.destroy();
  }
}, 200_000);
