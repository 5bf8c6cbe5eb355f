import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '@sideline/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { apiKey, apiPaths } from '../../../lib/query-keys.ts';
import { consentMissingMessage } from '../lib/consent-missing.ts';
import { useUploadActor } from './use-upload-actor.ts';

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** Spec §8: the server's message (the error's message otherwise); a consent refusal names the players. */
function uploadErrorMessage(error: unknown): string {
  return (
    consentMissingMessage(error) ??
    ((isApiError(error) && error.serverMessage) || getErrorMessage(error, 'Upload failed'))
  );
}

/**
 * The Media Hub's Upload button (spec §4, §5, §8), driven by the upload machine: one image or
 * video file; the type is video when the file's type starts with video/, otherwise photo. On
 * success the team's media lists refetch and 'Upload successful' shows; a failure toasts
 * 'Upload failed' with the message, destructive. `onUploaded` runs after a success (the screen
 * clears the players it tagged).
 */
export function useMediaUpload(teamId: string, onUploaded?: () => void) {
  const queryClient = useQueryClient();
  const { uploading, progress, fileName, send } = useUploadActor({
    uploaded: ({ request }, actor) => {
      // `mediaKeys.all`, from the same path: the admin portal's upload dialog does not load the hub's api.ts.
      void queryClient.invalidateQueries({ queryKey: apiKey(apiPaths.teamMedia(request.teamId)) });
      // The admin portal's media library lists it too.
      void queryClient.invalidateQueries({ queryKey: apiKey(apiPaths.admin) });
      toast({ title: 'Upload successful', description: 'Your media has been shared with the team!' });
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
    (file: File, players: readonly string[] = []) => {
      const isVideo = file.type.startsWith('video/');
      if (!isVideo && !file.type.startsWith('image/')) {
        toast({ title: 'Upload failed', description: 'Please select an image or video file.', variant: 'destructive' });
        return;
      }
      const limit = isVideo ? VIDEO_MAX_BYTES : IMAGE_MAX_BYTES;
      if (file.size > limit) {
        toast({
          title: 'Upload failed',
          description: `${isVideo ? 'Videos' : 'Images'} can be at most ${megabytes(limit)} MB.`,
          variant: 'destructive',
        });
        return;
      }
      send({ type: 'upload', request: { teamId, file, type: isVideo ? 'video' : 'photo', players } });
    },
    [send, teamId],
  );

  const cancel = useCallback(() => send({ type: 'cancel' }), [send]);
  return { pick, cancel, uploading, progress, fileName };
}
