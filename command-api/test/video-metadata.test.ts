import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setVideoTools } from '../src/media/video-processing.ts';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const run = promisify(execFile);
const requireServices = process.env.SIDELINE_REQUIRE_SERVICES === '1';
const hasFfmpeg = await run('ffmpeg', ['-version']).then(
  () => true,
  () => false,
);
if (!hasFfmpeg) {
  if (requireServices) throw new Error('ffmpeg is required under SIDELINE_REQUIRE_SERVICES=1 (video cleaning)');
  console.warn('video-metadata: ffmpeg not found, skipping (install ffmpeg to run it)');
}

/** The Eiffel Tower, as a phone writes it (ISO 6709). */
const LOCATION = '+48.8584+002.2945/';
const TRAILER = Buffer.from('APPENDED-AFTER-THE-FILE +48.8584+002.2945/ secret trailer');

let server: TestServer;
let dataDir: string;
let work: string;
let coach: ApiClient;
let parent: ApiClient;
let team: { id: string; code: string };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-video-meta-'));
  work = mkdtempSync(path.join(tmpdir(), 'sideline-video-src-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
  [coach, parent] = await Promise.all([
    signUp(server.url, 'coach', 'Casey Coach'),
    signUp(server.url, 'parent', 'Pat Parent'),
  ]);
  team = await readJson(await coach.post('/api/teams', { name: 'Tigers', sport: 'Soccer' }));
  expect((await parent.post('/api/teams/join', { code: team.code })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

function upload(client: ApiClient, file: { data: Uint8Array; name: string; type: string }) {
  const form = new FormData();
  form.append('type', 'video');
  form.append('description', '');
  form.append('file', new Blob([file.data], { type: file.type }), file.name);
  return fetch(`${server.url}/api/teams/${team.id}/media/upload`, {
    method: 'POST',
    headers: { cookie: client.cookie, origin: server.url },
    body: form,
  });
}

const ffmpeg = (...args: string[]) => run('ffmpeg', ['-v', 'error', '-nostdin', '-y', ...args]);

/** A 2-second test pattern with a tone, encoded for the container. */
async function makeVideo(name: string, codecs: string[], metadata: string[]): Promise<string> {
  const out = path.join(work, name);
  await ffmpeg(
    ...['-f', 'lavfi', '-i', 'testsrc=duration=2:size=160x120:rate=10'],
    ...['-f', 'lavfi', '-i', 'sine=duration=2'],
    ...codecs,
    ...metadata,
    out,
  );
  return out;
}

interface Probe {
  format: { duration?: string; tags?: Record<string, string> };
  streams: Array<{
    codec_type: string;
    codec_name: string;
    tags?: Record<string, string>;
    side_data_list?: Array<{ rotation?: number }>;
  }>;
}

async function probe(data: Buffer, name: string): Promise<Probe> {
  const file = path.join(work, `probe-${Date.now()}-${name}`);
  writeFileSync(file, data);
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
  ]);
  return JSON.parse(stdout) as Probe;
}

/** Every tag of the file and its streams, as `key=value` lines. */
const tagsOf = (p: Probe) =>
  [p.format.tags ?? {}, ...p.streams.map((s) => s.tags ?? {})].flatMap((tags) =>
    Object.entries(tags).map(([k, v]) => `${k}=${v}`),
  );

/** Where a location can hide in the bytes: the text, and the MP4/QuickTime/Matroska keys for it. */
const LOCATION_MARKERS = [
  '48.8584',
  'ISO6709',
  'LOCATION',
  'location',
  'loci',
  '\u00a9xyz',
  'APPENDED-AFTER-THE-FILE',
  'Eiffel',
];
const markersIn = (data: Buffer) =>
  LOCATION_MARKERS.filter((m) => data.includes(Buffer.from(m, m.startsWith('\u00a9') ? 'latin1' : 'utf8')));

/** Uploads `source` with trailing bytes, downloads what the API stores, and checks it. */
async function uploadAndDownload(source: string, name: string, type: string) {
  const original = readFileSync(source);
  const sent = Buffer.concat([original, TRAILER]);
  const before = await probe(sent, name);
  const response = await upload(parent, { data: sent, name, type });
  expect(response.status).toBe(201);
  const { id, url } = await readJson(response);
  const served = await fetch(`${server.url}${url}`, { headers: { cookie: coach.cookie } });
  expect(served.status).toBe(200);
  const stored = Buffer.from(await served.arrayBuffer());
  const [item] = (await readJson(await coach.get(`/api/teams/${team.id}/media?type=video`))).filter(
    (m: { id: string }) => m.id === id,
  );
  return { sent, before, stored, after: await probe(stored, name), item };
}

describe.skipIf(!hasFfmpeg)('uploaded videos lose their location and anything appended', () => {
  it('MP4: the location atoms, the title and a cover picture are gone; the streams still play', async () => {
    const plain = await makeVideo(
      'geo.mp4',
      ['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-c:a', 'aac'],
      ['-metadata', `location=${LOCATION}`, '-metadata', 'title=Eiffel kickabout'],
    );
    // A cover picture rides along as a second (attached) video stream.
    const cover = path.join(work, 'cover.png');
    writeFileSync(
      cover,
      await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c33' } })
        .png()
        .toBuffer(),
    );
    const source = path.join(work, 'geo-cover.mp4');
    await ffmpeg(
      ...['-i', plain, '-i', cover, '-map', '0', '-map', '1', '-c', 'copy'],
      ...['-disposition:v:1', 'attached_pic', source],
    );

    const { sent, before, stored, after, item } = await uploadAndDownload(source, 'geo.mp4', 'video/mp4');
    // The test file really carries what a phone writes.
    expect(tagsOf(before)).toContain(`location=${LOCATION}`);
    expect(before.streams.filter((s) => s.codec_type === 'video')).toHaveLength(2);
    expect(markersIn(sent)).toEqual(expect.arrayContaining(['loci', 'APPENDED-AFTER-THE-FILE', 'Eiffel']));

    expect(tagsOf(after).filter((t) => /location|xyz|6709|title|Eiffel/i.test(t))).toEqual([]);
    expect(markersIn(stored)).toEqual([]);
    expect(after.streams.map((s) => [s.codec_type, s.codec_name])).toEqual([
      ['video', 'h264'],
      ['audio', 'aac'],
    ]);
    expect(Number(after.format.duration)).toBeCloseTo(2, 0);
    expect(item).toMatchObject({ contentType: 'video/mp4', width: 160, height: 120 });
    expect(item.durationSeconds).toBeCloseTo(2, 0);
  });

  it('MOV: the QuickTime ISO6709 key and the ©xyz atom are gone; a portrait video stays upright', async () => {
    const geotagged = await makeVideo(
      'geo-src.mov',
      ['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-c:a', 'aac', '-movflags', 'use_metadata_tags'],
      [
        ...['-metadata', `com.apple.quicktime.location.ISO6709=+48.8584+002.2945+035.000/`],
        ...['-metadata', 'com.apple.quicktime.make=Apple', '-metadata', `location=${LOCATION}`],
      ],
    );
    // Filmed holding the phone upright: a display rotation on the video track.
    const source = path.join(work, 'geo.mov');
    await ffmpeg(
      ...['-i', geotagged, '-map', '0', '-c', 'copy', '-map_metadata', '0'],
      ...['-movflags', 'use_metadata_tags', '-metadata:s:v:0', 'rotate=90', source],
    );

    const { sent, before, stored, after, item } = await uploadAndDownload(source, 'geo.mov', 'video/quicktime');
    expect(tagsOf(before)).toContain('com.apple.quicktime.location.ISO6709=+48.8584+002.2945+035.000/');
    expect(markersIn(sent)).toEqual(expect.arrayContaining(['ISO6709', '48.8584', 'APPENDED-AFTER-THE-FILE']));
    expect(before.streams[0]!.side_data_list?.[0]?.rotation).toBe(90);

    expect(tagsOf(after).filter((t) => /location|xyz|6709|apple|48\.8/i.test(t))).toEqual([]);
    expect(markersIn(stored)).toEqual([]);
    expect(after.format.tags?.major_brand?.trim()).toBe('qt');
    expect(after.streams.map((s) => s.codec_name)).toEqual(['h264', 'aac']);
    expect(after.streams[0]!.side_data_list?.[0]?.rotation).toBe(90);
    expect(Number(after.format.duration)).toBeCloseTo(2, 0);
    // Shown as filmed: 120 wide, 160 high.
    expect(item).toMatchObject({ contentType: 'video/quicktime', width: 120, height: 160 });
  });

  it('WebM: the LOCATION tags (file and stream) are gone; VP8 and Opus still play', async () => {
    const source = await makeVideo(
      'geo.webm',
      ['-c:v', 'libvpx', '-c:a', 'libopus'],
      ['-metadata', `LOCATION=${LOCATION}`, '-metadata:s:v:0', `LOCATION=${LOCATION}`],
    );
    const { sent, before, stored, after, item } = await uploadAndDownload(source, 'geo.webm', 'video/webm');
    expect(tagsOf(before)).toContain(`LOCATION=${LOCATION}`);
    expect(markersIn(sent)).toEqual(expect.arrayContaining(['LOCATION', '48.8584', 'APPENDED-AFTER-THE-FILE']));

    expect(tagsOf(after).filter((t) => /location|48\.8/i.test(t))).toEqual([]);
    expect(markersIn(stored)).toEqual([]);
    expect(after.streams.map((s) => s.codec_name)).toEqual(['vp8', 'opus']);
    expect(Number(after.format.duration)).toBeCloseTo(2, 0);
    expect(item).toMatchObject({ contentType: 'video/webm', width: 160, height: 120 });
  });

  it('refuses a file that starts like WebM but holds H.264 (it cannot be rewritten as WebM)', async () => {
    const mkv = await makeVideo('h264.mkv', ['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-c:a', 'aac'], []);
    const response = await upload(parent, { data: readFileSync(mkv), name: 'clip.webm', type: 'video/webm' });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toMatchObject({ code: 'INVALID_VIDEO' });
  });

  it('without ffmpeg, refuses a video (it could not be cleaned) and stores nothing; photos still work', async () => {
    const source = await makeVideo(
      'nofmpeg.mp4',
      ['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-c:a', 'aac'],
      ['-metadata', `location=${LOCATION}`],
    );
    const files = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);
    const teamDir = path.join(dataDir, 'uploads', team.id);
    const storedBefore = files(teamDir);
    setVideoTools({ ffprobe: '/nonexistent/ffprobe', ffmpeg: '/nonexistent/ffmpeg' });
    try {
      const response = await upload(parent, { data: readFileSync(source), name: 'geo.mp4', type: 'video/mp4' });
      expect(response.status).toBe(503);
      expect(await readJson(response)).toEqual({
        message: 'This server cannot process videos right now, so it does not accept them; photos can still be shared.',
        code: 'VIDEO_UPLOADS_UNAVAILABLE',
      });
      expect(files(teamDir)).toEqual(storedBefore);
      expect(files(path.join(dataDir, 'uploads', '.incoming'))).toEqual([]);

      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1d6f42' } })
        .png()
        .toBuffer();
      const photo = await upload(parent, { data: png, name: 'p.png', type: 'image/png' });
      expect(photo.status).toBe(201);
    } finally {
      setVideoTools({ ffprobe: 'ffprobe', ffmpeg: 'ffmpeg' });
    }
  });
});
