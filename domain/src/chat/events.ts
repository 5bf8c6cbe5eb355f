export const chatStream = (teamId: string) => `chat-${teamId}`;

export type MessageSent = {
  type: 'MessageSent';
  data: {
    teamId: string;
    messageId: string;
    userId: string;
    /** Trimmed; empty for a media-only message. */
    text: string;
    mediaUrl: string | null;
    /** The sender's retry key, when the client supplied one. */
    clientId: string | null;
  };
};

export type MessagePinned = { type: 'MessagePinned'; data: { teamId: string; messageId: string; by: string } };

export type MessageUnpinned = { type: 'MessageUnpinned'; data: { teamId: string; messageId: string; by: string } };

export type ChatEvent = MessageSent | MessagePinned | MessageUnpinned;
export const chatEventTypes = ['MessageSent', 'MessagePinned', 'MessageUnpinned'] as const;
