import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { deleteMessage, editMessage } from '../api.ts';

/** Everything a deleted or edited message shows in: the history, the pinned banner, Home's preview. */
function useRefreshMessages(teamId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.teamMessages(teamId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.teamPinnedMessages(teamId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
    ]);
}

/**
 * Deletes a message (its sender, or a coach or admin of the team): everyone then sees 'Message
 * deleted' in its place; the original stays in the organization's audit.
 */
export function useDeleteMessage(teamId: string) {
  const refresh = useRefreshMessages(teamId);
  return useMutation({
    mutationFn: (messageId: string) => deleteMessage(teamId, messageId),
    onSuccess: () => {
      toast({ title: 'Message deleted', description: 'Members now see that it was deleted.' });
      return refresh();
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Could not delete message', description: getErrorMessage(error) }),
  });
}

/** Edits one's own message; it then says "edited" (every version is kept for the audit). */
export function useEditMessage(teamId: string) {
  const refresh = useRefreshMessages(teamId);
  return useMutation({
    mutationFn: ({ messageId, text }: { messageId: string; text: string }) => editMessage(teamId, messageId, text),
    onSuccess: () => {
      toast({ title: 'Message edited' });
      return refresh();
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Could not edit message', description: getErrorMessage(error) }),
  });
}
