import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadActorRef, UploadEmitted, UploadEvent } from '../../../lib/upload/upload-machine.ts';

export interface UploadHandlers {
  uploaded: (event: Extract<UploadEmitted, { type: 'uploaded' }>, actor: UploadActorRef) => void;
  failed: (event: Extract<UploadEmitted, { type: 'failed' }>, actor: UploadActorRef) => void;
}

interface UploadView {
  uploading: boolean;
  progress: number | null;
  fileName: string | null;
}

const idle: UploadView = { uploading: false, progress: null, fileName: null };

/**
 * The upload machine (lib/upload/upload-machine.ts) as a screen uses it, with XState and the
 * machine downloaded on the first file the user picks rather than with the screen. Started then
 * and stopped when the screen goes, like `useActorRef`.
 */
export function useUploadActor(handlers: UploadHandlers) {
  const [view, setView] = useState<UploadView>(idle);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });
  const actor = useRef<Promise<UploadActorRef | null> | null>(null);
  const mounted = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      void actor.current?.then((running) => running?.stop());
      actor.current = null;
    };
  }, []);

  const load = useCallback(() => {
    actor.current ??= Promise.all([import('xstate'), import('../../../lib/upload/upload-machine.ts')]).then(
      ([{ createActor }, { uploadMachine }]) => {
        if (!mounted.current) return null;
        const running = createActor(uploadMachine);
        running.subscribe((snapshot) =>
          setView({
            uploading: snapshot.matches('uploading'),
            progress: snapshot.context.progress,
            fileName: snapshot.context.request?.file.name ?? null,
          }),
        );
        running.on('uploaded', (event) => handlersRef.current.uploaded(event, running));
        running.on('failed', (event) => handlersRef.current.failed(event, running));
        return running.start();
      },
    );
    return actor.current;
  }, []);

  const send = useCallback(
    (event: UploadEvent) => {
      void load().then((running) => running?.send(event));
    },
    [load],
  );

  return { ...view, send };
}
