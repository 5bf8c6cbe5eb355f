/** A team's pins (and, before sends got their own streams, its messages). */
export const chatStream = (teamId: string) => `chat-${teamId}`;

/**
 * One message's stream, where it is sent. Whether a send is new or a retry is a decision about
 * one message, so that is the stream the decider folds: small, whatever the team's history.
 */
export const chatMessageStream = (messageId: string) => `chat-message-${messageId}`;

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

/**
 * A message taken down by its sender or a team manager. Members see 'Message deleted' in its
 * place; the text it had is kept here, in the log, for the organization's safeguarding audit.
 */
export type MessageDeleted = {
  type: 'MessageDeleted';
  data: { teamId: string; messageId: string; senderId: string; text: string; by: string };
};

/** The sender changed their message's text; the previous version stays in the log. */
export type MessageEdited = {
  type: 'MessageEdited';
  data: { teamId: string; messageId: string; senderId: string; text: string; previousText: string; by: string };
};

export type ChatEvent = MessageSent | MessagePinned | MessageUnpinned | MessageDeleted | MessageEdited;
export const chatEventTypes = [
  'MessageSent',
  'MessagePinned',
  'MessageUnpinned',
  'MessageDeleted',
  'MessageEdited',
] as const satisfies readonly ChatEvent['type'][];
