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

/**
 * The sender, or a team manager (`canModerate`, from canManageChat on the team's read model: its
 * creator, a coach, an admin of its organization), takes a message down.
 */
export type DeleteMessage = {
  type: 'DeleteMessage';
  data: { teamId: string; messageId: string; by: string; canModerate: boolean };
};

/** Only the sender edits their message. */
export type EditMessage = {
  type: 'EditMessage';
  data: { teamId: string; messageId: string; by: string; text: string };
};

export type ChatCommand = SendMessage | PinMessage | UnpinMessage | DeleteMessage | EditMessage;
