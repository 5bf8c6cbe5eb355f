import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { apiKey, apiPaths } from '../../../lib/query-keys.ts';
import { chatKeys, deleteMessage, editMessage } from '../api.ts';

/**
 * Everything a deleted or edited message shows in: the history and the pinned banner (below it),
 * and Home's preview (`dashboardKeys.all`, from the same path: chat does not import dashboard).
 */
const messagesStale = (teamId: string) => [chatKeys.latest(teamId), apiKey(apiPaths.dashboard)];

/**
 * Deletes a message (its sender, or a coach or admin of the team): everyone then sees 'Message
 * deleted' in its place; the original stays in the organization's audit.
 */
export function useDeleteMessage(teamId: string) {
  return useMutation({
    mutationFn: (messageId: string) => deleteMessage(teamId, messageId),
    meta: { invalidates: messagesStale(teamId) },
    onSuccess: () => {
      toast({ title: 'Message deleted', description: 'Members now see that it was deleted.' });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Could not delete message', description: getErrorMessage(error) }),
  });
}

/** Edits one's own message; it then says "edited" (every version is kept for the audit). */
export function useEditMessage(teamId: string) {
  return useMutation({
    mutationFn: ({ messageId, text }: { messageId: string; text: string }) => editMessage(teamId, messageId, text),
    meta: { invalidates: messagesStale(teamId) },
    onSuccess: () => {
      toast({ title: 'Message edited' });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Could not edit message', description: getErrorMessage(error) }),
  });
}
