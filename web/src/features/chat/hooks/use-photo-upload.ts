import { IMAGE_MAX_BYTES } from '@sideline/domain';
import { useCallback } from 'react';
import { toast } from '../../../components/ui/use-toast.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useUploadActor } from '../../media/hooks/use-upload-actor.ts';
import { consentMissingMessage } from '../../media/lib/consent-missing.ts';
import { PHOTO_SHARED_TEXT } from '../constants.ts';
import type { SendOptions } from './use-chat-sender.ts';

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

function uploadErrorMessage(error: unknown): string {
  // Spec §8: the server's message, or 'Failed to upload image.'; a consent refusal names the players.
  return consentMissingMessage(error) ?? ((isApiError(error) && error.serverMessage) || 'Failed to upload image.');
}

/**
 * The chat's image button (spec §5, §7, §8), driven by the upload machine: only image/* files
 * ('Invalid file type' otherwise), uploaded with progress, then a '📷 Photo shared' message
 * carrying the photo's URL, and the 'Photo uploaded' toast; a failure toasts 'Upload failed'.
 */
export function usePhotoUpload(
  teamId: string,
  send: (teamId: string, options: SendOptions) => Promise<boolean>,
  /** After the photo is stored (the screen clears the players it tagged). */
  onUploaded?: () => void,
) {
  const {
    uploading,
    progress,
    fileName,
    send: sendToUpload,
  } = useUploadActor({
    uploaded: ({ result, request }, actor) => {
      void send(request.teamId, { text: PHOTO_SHARED_TEXT, mediaUrl: result.url, silent: true }).then((sent) => {
        if (sent) toast({ title: 'Photo uploaded', description: 'Your photo has been shared with the team!' });
      });
      onUploaded?.();
      actor.send({ type: 'reset' });
    },
    failed: ({ error }, actor) => {
      actor.send({ type: 'reset' });
      if (error instanceof Error && error.name === 'AbortError') return;
      toast({ title: 'Upload failed', description: uploadErrorMessage(error), variant: 'destructive' });
    },
  });

  const pick = useCallback(
    /** `players`: the rostered players in the photo; one without photo consent is refused by name. */
    (file: File, players: readonly string[] = []) => {
      if (!file.type.startsWith('image/')) {
        toast({ title: 'Invalid file type', description: 'Please select an image file.', variant: 'destructive' });
        return;
      }
      if (file.size > IMAGE_MAX_BYTES) {
        toast({
          title: 'Upload failed',
          description: `Photos can be at most ${megabytes(IMAGE_MAX_BYTES)} MB.`,
          variant: 'destructive',
        });
        return;
      }
      sendToUpload({ type: 'upload', request: { teamId, file, type: 'photo', players } });
    },
    [sendToUpload, teamId],
  );

  const cancel = useCallback(() => sendToUpload({ type: 'cancel' }), [sendToUpload]);

  return { pick, cancel, uploading, progress, fileName };
}
