/**
 * A chat message as it may arrive over the socket: the API's Message plus the spec's realtime
 * fields (content, senderId, senderName). Every field but id and teamId is optional here, so an
 * older or newer server's frame still shows.
 */
export interface RealtimeMessageLike {
  id: string;
  teamId: string;
  userId?: string | null;
  senderId?: string | null;
  senderName?: string | null;
  text?: string | null;
  content?: string | null;
  mediaUrl?: string | null;
  timestamp?: string | null;
  pinned?: boolean | null;
  clientId?: string | null;
  user?: { name?: string | null; avatarUrl?: string | null } | null;
}
