/**
 * `byCanManage` is canManageTeam for `by`, evaluated by the caller on the team's read model (as
 * calendar commands carry it). A link made by accepting an invitation carries the invitation's id
 * instead: the manager who issued it authorised the link, the acceptance recorded it.
 */
export type AddPlayer = {
  type: 'AddPlayer';
  data: {
    playerId: string;
    teamId: string;
    name: string;
    jerseyNumber: string | null;
    by: string;
  };
};

export type LinkGuardian = {
  type: 'LinkGuardian';
  data: {
    playerId: string;
    teamId: string;
    userId: string;
    by: string;
    byCanManage: boolean;
    invitationId: string | null;
  };
};

/** A manager, or the guardian themself, ends a guardian link. */
export type UnlinkGuardian = {
  type: 'UnlinkGuardian';
  data: { playerId: string; teamId: string; userId: string; by: string; byCanManage: boolean };
};

export type LinkPlayerAccount = {
  type: 'LinkPlayerAccount';
  data: {
    playerId: string;
    teamId: string;
    userId: string;
    by: string;
    byCanManage: boolean;
    invitationId: string | null;
  };
};

/** A manager, or the player's own account, ends the account link. */
export type UnlinkPlayerAccount = {
  type: 'UnlinkPlayerAccount';
  data: { playerId: string; teamId: string; by: string; byCanManage: boolean };
};

/**
 * A manager records whether the player is an adult: an adult player's own account answers the
 * player's consents, as a guardian does for a child (ADR 0026).
 */
export type SetPlayerAdult = {
  type: 'SetPlayerAdult';
  data: { playerId: string; teamId: string; adult: boolean; by: string };
};

export type PlayerCommand =
  AddPlayer | LinkGuardian | UnlinkGuardian | LinkPlayerAccount | UnlinkPlayerAccount | SetPlayerAdult;
