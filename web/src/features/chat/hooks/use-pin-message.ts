import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { chatKeys, setMessagePinned } from '../api.ts';

interface PinVariables {
  messageId: string;
  pinned: boolean;
}

/**
 * Pins or unpins one of the team's messages (coaches and team admins): toasts the outcome and,
 * after a success, refetches the pinned list (the banner) and the messages (their pinned flag).
 * The other members learn of it from the server's `pinned_changed` frame.
 */
export function usePinMessage(teamId: string) {
  const mutation = useMutation({
    mutationFn: ({ messageId, pinned }: PinVariables) => setMessagePinned(teamId, messageId, pinned),
    // The messages (their pinned flag) and, below them, the pinned list; the action stays busy
    // until the refetched state is on screen.
    meta: { invalidates: [chatKeys.latest(teamId)] },
    onSuccess: (_message, { pinned }) => {
      toast({ title: pinned ? 'Message pinned' : 'Message unpinned' });
    },
    onError: (error, { pinned }) => {
      toast({
        title: pinned ? 'Could not pin message' : 'Could not unpin message',
        description: getErrorMessage(error),
        variant: 'destructive',
      });
    },
  });

  const { mutate } = mutation;
  const setPinned = useCallback((messageId: string, pinned: boolean) => mutate({ messageId, pinned }), [mutate]);
  /** The message being pinned or unpinned, if any. */
  const pendingId = mutation.isPending ? mutation.variables.messageId : null;
  return { setPinned, pendingId };
}
