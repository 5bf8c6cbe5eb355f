import type { UploadedMedia } from '@sideline/domain';
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { uploadMedia, type MediaUploadInput, type UploadProgress } from './upload-media.ts';

export interface UploadContext {
  /** What is being (or was last) uploaded. */
  request: MediaUploadInput | null;
  /** Percentage sent, 0–100; null while the total is unknown. */
  progress: number | null;
  result: UploadedMedia | null;
  error: unknown;
}

export type UploadEvent =
  | { type: 'upload'; request: MediaUploadInput }
  | ({ type: 'progress' } & UploadProgress)
  | { type: 'cancel' }
  | { type: 'reset' };

export type UploadEmitted =
  | { type: 'uploaded'; result: UploadedMedia; request: MediaUploadInput }
  | { type: 'failed'; error: unknown; request: MediaUploadInput };

export interface UploaderInput {
  request: MediaUploadInput;
  onProgress: (progress: UploadProgress) => void;
}

function percent({ loaded, total }: UploadProgress): number | null {
  if (!total) return null;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

/**
 * The media upload lifecycle (spec §4 "Media upload"): `idle` → `uploading` (with progress) →
 * `success` or `failure`, and back to `idle` on `reset` (a new `upload` may also start straight
 * from `success` or `failure`). `cancel` aborts a running upload (back to `idle`, no failure).
 * `uploaded` / `failed` are emitted once per outcome for the screen's side effects (toasts,
 * sending the chat message). The `uploader` actor is XMLHttpRequest-based by default, because
 * fetch cannot report upload progress; tests provide their own.
 */
export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    emitted: {} as UploadEmitted,
  },
  actors: {
    uploader: fromPromise<UploadedMedia, UploaderInput>(({ input, signal }) =>
      uploadMedia(input.request, { onProgress: input.onProgress, signal }),
    ),
  },
  actions: {
    start: assign(({ event }) => {
      if (event.type !== 'upload') return {};
      return { request: event.request, progress: 0, result: null, error: null };
    }),
  },
}).createMachine({
  id: 'upload',
  context: { request: null, progress: null, result: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { upload: { target: 'uploading', actions: 'start' } },
    },
    uploading: {
      invoke: {
        src: 'uploader',
        input: ({ context, self }): UploaderInput => ({
          request: context.request!,
          onProgress: (progress) => self.send({ type: 'progress', ...progress }),
        }),
        onDone: {
          target: 'success',
          actions: [
            assign({ result: ({ event }) => event.output, progress: 100 }),
            emit(({ context, event }) => ({
              type: 'uploaded' as const,
              result: event.output,
              request: context.request!,
            })),
          ],
        },
        onError: {
          target: 'failure',
          actions: [
            assign({ error: ({ event }) => event.error }),
            emit(({ context, event }) => ({ type: 'failed' as const, error: event.error, request: context.request! })),
          ],
        },
      },
      on: {
        progress: { actions: assign({ progress: ({ event }) => percent(event) }) },
        cancel: { target: 'idle', actions: assign({ progress: null }) },
      },
    },
    success: {
      on: {
        reset: { target: 'idle', actions: assign({ progress: null }) },
        upload: { target: 'uploading', actions: 'start' },
      },
    },
    failure: {
      on: {
        reset: { target: 'idle', actions: assign({ progress: null }) },
        upload: { target: 'uploading', actions: 'start' },
      },
    },
  },
});

export type UploadActorRef = ActorRefFrom<typeof uploadMachine>;
export type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;
