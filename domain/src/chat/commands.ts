export type SendMessage = {
  type: 'SendMessage';
  data: {
    teamId: string;
    messageId: string;
    userId: string;
    text: string;
    mediaUrl: string | null;
    clientId?: string | null;
  };
};

/**
 * `canManage` is decided by the caller from the team's read model (the chat stream does not
 * know the team's roles); the decider refuses the command when it is false.
 */
export type PinMessage = {
  type: 'PinMessage';
  data: { teamId: string; messageId: string; by: string; canManage: boolean };
};

export type UnpinMessage = {
  type: 'UnpinMessage';
  data: { teamId: string; messageId: string; by: string; canManage: boolean };
};

export type ChatCommand = SendMessage | PinMessage | UnpinMessage;
