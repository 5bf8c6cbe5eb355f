import type { UploadedMedia } from '@sideline/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { isApiError } from '../api-client.ts';
import { FakeXMLHttpRequest } from './testing/fake-xhr.ts';
import { uploadMachine, type UploadEmitted, type UploaderInput } from './upload-machine.ts';
import { uploadMedia } from './upload-media.ts';

const uploaded: UploadedMedia = { url: '/api/media/abc.jpg', id: 'm1', thumbnailUrl: '/api/media/abc_thumb.jpg' };

function photo(name = 'team.jpg') {
  return new File(['fake image bytes'], name, { type: 'image/jpeg' });
}

/** The machine with a controllable uploader: the test resolves, rejects and reports progress. */
function startWithControlledUploader() {
  let current: {
    input: UploaderInput;
    signal: AbortSignal;
    resolve: (value: UploadedMedia) => void;
    reject: (error: unknown) => void;
  } | null = null;
  const machine = uploadMachine.provide({
    actors: {
      uploader: fromPromise<UploadedMedia, UploaderInput>(
        ({ input, signal }) =>
          new Promise<UploadedMedia>((resolve, reject) => {
            current = { input, signal, resolve, reject };
          }),
      ),
    },
  });
  const actor = createActor(machine).start();
  const emitted: UploadEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  const uploader = () => {
    if (!current) throw new Error('the uploader was not started');
    return current;
  };
  return { actor, emitted, uploader };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('upload machine', () => {
  it('idle → uploading (with progress) → success → idle on reset', async () => {
    const { actor, emitted, uploader } = startWithControlledUploader();
    expect(actor.getSnapshot().value).toBe('idle');
    const request = { teamId: 't1', file: photo() };
    actor.send({ type: 'upload', request });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(actor.getSnapshot().context.progress).toBe(0);
    expect(uploader().input.request).toBe(request);

    uploader().input.onProgress({ loaded: 25, total: 100 });
    expect(actor.getSnapshot().context.progress).toBe(25);
    uploader().input.onProgress({ loaded: 50, total: 0 }); // total unknown
    expect(actor.getSnapshot().context.progress).toBeNull();
    uploader().input.onProgress({ loaded: 99, total: 100 });

    uploader().resolve(uploaded);
    await tick();
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context.result).toEqual(uploaded);
    expect(actor.getSnapshot().context.progress).toBe(100);
    expect(emitted).toEqual([{ type: 'uploaded', result: uploaded, request }]);

    actor.send({ type: 'reset' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('uploading → failure with the error → idle on reset', async () => {
    const { actor, emitted, uploader } = startWithControlledUploader();
    const request = { teamId: 't1', file: photo() };
    actor.send({ type: 'upload', request });
    const error = new Error('413: too large');
    uploader().reject(error);
    await tick();
    expect(actor.getSnapshot().value).toBe('failure');
    expect(actor.getSnapshot().context.error).toBe(error);
    expect(emitted).toEqual([{ type: 'failed', error, request }]);
    actor.send({ type: 'reset' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('ignores a second upload while one is running, and may start a new one after an outcome', async () => {
    const { actor, uploader } = startWithControlledUploader();
    const first = { teamId: 't1', file: photo('one.jpg') };
    actor.send({ type: 'upload', request: first });
    actor.send({ type: 'upload', request: { teamId: 't1', file: photo('two.jpg') } });
    expect(uploader().input.request).toBe(first);
    uploader().reject(new Error('nope'));
    await tick();
    const third = { teamId: 't1', file: photo('three.jpg') };
    actor.send({ type: 'upload', request: third });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(uploader().input.request).toBe(third);
  });

  it('cancel aborts the running upload and returns to idle without an outcome', async () => {
    const { actor, emitted, uploader } = startWithControlledUploader();
    actor.send({ type: 'upload', request: { teamId: 't1', file: photo() } });
    const { signal } = uploader();
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(signal.aborted).toBe(true);
    await tick();
    expect(emitted).toEqual([]);
  });
});

describe('uploadMedia over XMLHttpRequest (fake XHR)', () => {
  beforeEach(() => {
    FakeXMLHttpRequest.reset();
    vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  });

  it('posts the multipart fields with cookies, reports progress and resolves with the camelCased answer', async () => {
    const onProgress = vi.fn();
    const file = photo('goal.jpg');
    const promise = uploadMedia({ teamId: 't1', file }, { onProgress });
    const xhr = FakeXMLHttpRequest.latest!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/teams/t1/media/upload');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.requestHeaders['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
    const fields = xhr.formFields;
    expect(fields.type).toBe('photo');
    expect(fields.title).toBe('goal.jpg');
    expect(fields.description).toBe('');
    expect((fields.file as File).name).toBe('goal.jpg');

    xhr.progress(512, 2048);
    expect(onProgress).toHaveBeenCalledWith({ loaded: 512, total: 2048 });
    xhr.respond(201, { url: '/api/media/x.jpg', id: 'm9', thumbnail_url: '/api/media/x_t.jpg' });
    await expect(promise).resolves.toEqual({ url: '/api/media/x.jpg', id: 'm9', thumbnailUrl: '/api/media/x_t.jpg' });
  });

  it('rejects with an ApiError carrying the server message on 413', async () => {
    const promise = uploadMedia({ teamId: 't1', file: photo() });
    FakeXMLHttpRequest.latest!.respond(
      413,
      { message: 'Photos can be at most 10 MB', code: 'FILE_TOO_LARGE' },
      'Payload Too Large',
    );
    const error = await promise.catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    if (!isApiError(error)) return;
    expect(error.status).toBe(413);
    expect(error.serverMessage).toBe('Photos can be at most 10 MB');
    expect(error.code).toBe('FILE_TOO_LARGE');
    expect(error.message).toBe('413: {"message":"Photos can be at most 10 MB","code":"FILE_TOO_LARGE"}');
  });

  it('rejects on a network failure, and aborts with the signal', async () => {
    const failing = uploadMedia({ teamId: 't1', file: photo() });
    FakeXMLHttpRequest.latest!.fail();
    await expect(failing).rejects.toThrow(/Network error/);

    const controller = new AbortController();
    const aborted = uploadMedia({ teamId: 't1', file: photo() }, { signal: controller.signal });
    controller.abort();
    expect(FakeXMLHttpRequest.latest!.aborted).toBe(true);
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });
});
