import { canManageChat, type Team, type User } from '@sideline/domain';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useUser } from '../../auth/api.ts';
import { TagPlayers } from '../../media/components/tag-players.tsx';
import { useTeams } from '../../teams/api.ts';
import { teamManagementFacts } from '../../teams/team-display.ts';
import { flattenPages, useMessagePages, type ChatMessage } from '../api.ts';
import { ChatHeader } from '../components/chat-header.tsx';
import { Composer } from '../components/composer.tsx';
import { MessageList, type ChatListItem } from '../components/message-list.tsx';
import { NoTeam } from '../components/no-team.tsx';
import { PinnedBanner } from '../components/pinned-banner.tsx';
import { ReconnectBanner } from '../components/reconnect-banner.tsx';
import { TypingIndicator } from '../components/typing-indicator.tsx';
import { CHAT_MESSAGE_KIND, useChatSender, type PendingMessage } from '../hooks/use-chat-sender.ts';
import { OfflineBanner } from '../../../lib/offline/offline-banner.tsx';
import { useIsOnline } from '../../../lib/offline/online.ts';
import { useOutboxEntries } from '../../../lib/offline/outbox-store.ts';
import type { OutboxEntry } from '../../../lib/offline/outbox-types.ts';
import { discardOutboxEntry, retryOutboxEntry } from '../../../lib/offline/send-or-queue.ts';
import { usePhotoUpload } from '../hooks/use-photo-upload.ts';
import { useDeleteMessage, useEditMessage } from '../hooks/use-message-moderation.ts';
import { usePinMessage } from '../hooks/use-pin-message.ts';
import { useTypingUsers } from '../hooks/use-typing.ts';

// The moderation dialogs load when one first opens (the chat shows without Radix's dialog).
const moderationDialogs = () => import('../components/moderation-dialogs.tsx');
const DeleteMessageDialog = lazy(() => moderationDialogs().then((m) => ({ default: m.DeleteMessageDialog })));
const EditMessageDialog = lazy(() => moderationDialogs().then((m) => ({ default: m.EditMessageDialog })));

/**
 * /chat and /chat/:teamId (spec §2 Chat page): the team in the route, otherwise the user's
 * first team; 'Join a Team First' without a team; an unknown team id falls back to /chat.
 */
export function ChatRoute() {
  const { teamId } = useParams();
  const { data: user } = useUser();
  const teams = useTeams();

  if (teams.isPending || !user) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading chat" />
      </div>
    );
  }
  if (teams.isError)
    return <LoadError title="Couldn't load the chat" error={teams.error} onRetry={() => void teams.refetch()} />;
  if (teams.data.length === 0) return <NoTeam />;

  const team = teamId ? teams.data.find((t) => t.id === teamId) : teams.data[0];
  if (!team) return <Navigate to="/chat" replace />;
  return <ChatRoom key={team.id} team={team} teams={teams.data} user={user} />;
}

/** Turns an unconfirmed message into a list entry shown as the user's own. */
function pendingItem(
  message: PendingMessage,
  user: User,
  actions: { retry: (clientId: string) => void; discard: (clientId: string) => void },
): ChatListItem {
  return {
    key: `pending-${message.clientId}`,
    own: true,
    message: {
      id: message.clientId,
      teamId: message.teamId,
      userId: user.id,
      text: message.text,
      mediaUrl: message.mediaUrl,
      timestamp: message.createdAt,
      pinned: false,
      clientId: message.clientId,
      user: { name: user.name, avatarUrl: user.avatarUrl },
    },
    pending: {
      status: message.status,
      onRetry: () => actions.retry(message.clientId),
      onDiscard: () => actions.discard(message.clientId),
    },
  };
}

/** A message waiting in the outbox (sent offline), shown as the user's own until it is sent. */
function queuedItem(entry: OutboxEntry, user: User): ChatListItem {
  const data = entry.data as { text?: string; mediaUrl?: string | null; clientId?: string; createdAt?: string };
  const clientId = data.clientId ?? entry.idempotencyKey;
  return {
    key: `pending-${clientId}`,
    own: true,
    message: {
      id: clientId,
      teamId: entry.scope,
      userId: user.id,
      text: data.text ?? '',
      mediaUrl: data.mediaUrl ?? null,
      timestamp: data.createdAt ?? entry.createdAt,
      pinned: false,
      clientId,
      user: { name: user.name, avatarUrl: user.avatarUrl },
    },
    pending: {
      status: entry.state === 'failed' ? 'failed' : entry.state === 'sending' ? 'sending' : 'waiting',
      reason: entry.error?.message,
      onRetry: () => void retryOutboxEntry(entry.id),
      onDiscard: () => void discardOutboxEntry(entry.id),
    },
  };
}

function ChatRoom({ team, teams, user }: { team: Team; teams: Team[]; user: User }) {
  const history = useMessagePages(team.id);
  const sender = useChatSender();
  const queued = useOutboxEntries({ kind: CHAT_MESSAGE_KIND, scope: team.id, userId: user.id });
  const online = useIsOnline();
  // The players tagged for the next photo; cleared once it is stored.
  const [tagged, setTagged] = useState<Set<string>>(() => new Set());
  const upload = usePhotoUpload(team.id, sender.send, () => setTagged(new Set()));
  const typists = useTypingUsers(team.id, user.id);
  const { retry, discard } = sender;
  // The API's rule (the team's managers): everyone else sees no pin controls.
  const canManage = canManageChat(teamManagementFacts(team, user.id));
  const pin = usePinMessage(team.id);
  const remove = useDeleteMessage(team.id);
  const edit = useEditMessage(team.id);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  // Mounted from the first opening on, so a dialog can animate closed.
  const [dialogsWanted, setDialogsWanted] = useState(false);
  if (!dialogsWanted && (deleting !== null || editing !== null)) setDialogsWanted(true);

  // Pin for the chat's managers; Edit for the sender; Delete for the sender and the managers.
  const { setPinned } = pin;
  const pinningId = pin.pendingId;
  const actionsFor = useCallback(
    ({ message, own }: ChatListItem) => {
      const text = message.text;
      return {
        busy: pinningId === message.id,
        onSetPinned: canManage ? (pinned: boolean) => setPinned(message.id, pinned) : undefined,
        onEdit: own && text ? () => setEditing(message) : undefined,
        onDelete: own || canManage ? () => setDeleting(message) : undefined,
      };
    },
    [canManage, pinningId, setPinned],
  );

  const items = useMemo<ChatListItem[]>(() => {
    const messages = flattenPages(history.data?.pages);
    const confirmed = new Set(messages.map((m) => m.clientId).filter(Boolean));
    const shown: ChatListItem[] = messages.map((message) => ({
      key: message.id,
      message,
      own: message.userId === user.id,
    }));
    const inOutbox = new Set<string>();
    for (const entry of queued) {
      const item = queuedItem(entry, user);
      inOutbox.add(item.message.clientId!);
      if (!confirmed.has(item.message.clientId)) shown.push(item);
    }
    for (const message of sender.pending) {
      if (message.teamId !== team.id || confirmed.has(message.clientId) || inOutbox.has(message.clientId)) continue;
      shown.push(pendingItem(message, user, { retry, discard }));
    }
    return shown;
  }, [history.data, sender.pending, queued, team.id, user, retry, discard]);

  return (
    // Small screens: pinned between the top header (3.5rem) and the bottom navigation (4rem), so
    // the composer sits just above the navigation. Wide screens: the page's height in the shell.
    <div className="fixed inset-x-0 top-14 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 mx-auto flex max-w-5xl flex-col bg-slate-50 px-4 pt-3 pb-2 md:static md:z-auto md:h-[calc(100dvh-4.5rem)] md:px-0 md:pt-0 md:pb-0">
      <ChatHeader team={team} teams={teams} />
      <PinnedBanner
        teamId={team.id}
        onUnpin={canManage ? (messageId) => pin.setPinned(messageId, false) : undefined}
        pinningId={pin.pendingId}
      />
      {online ? <ReconnectBanner /> : <OfflineBanner className="mb-2" />}
      {history.isPending ? (
        <div className="flex flex-1 justify-center py-16">
          <Spinner label="Loading messages" />
        </div>
      ) : history.isError && !history.data ? (
        <div className="flex-1">
          <LoadError title="Couldn't load the chat" error={history.error} onRetry={() => void history.refetch()} />
        </div>
      ) : (
        <MessageList
          items={items}
          hasEarlier={history.hasNextPage}
          loadingEarlier={history.isFetchingNextPage}
          onLoadEarlier={() => void history.fetchNextPage()}
          actionsFor={actionsFor}
        />
      )}
      {dialogsWanted ? (
        <Suspense fallback={null}>
          <DeleteMessageDialog
            message={deleting}
            own={deleting?.userId === user.id}
            pending={remove.isPending}
            onConfirm={(message) => remove.mutate(message.id, { onSuccess: () => setDeleting(null) })}
            onClose={() => setDeleting(null)}
          />
          <EditMessageDialog
            message={editing}
            pending={edit.isPending}
            onSave={(message, text) =>
              edit.mutate({ messageId: message.id, text }, { onSuccess: () => setEditing(null) })
            }
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
      <TypingIndicator names={typists} />
      <Composer
        teamId={team.id}
        sending={sender.isSending}
        onSend={(text) => void sender.send(team.id, { text })}
        onPickPhoto={(file) => upload.pick(file, [...tagged])}
        upload={upload}
        photoTags={<TagPlayers teamId={team.id} selected={tagged} onChange={setTagged} />}
      />
    </div>
  );
}
