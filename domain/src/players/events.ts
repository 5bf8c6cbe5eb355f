/**
 * A player is a roster entity of one team, not an account. Each player has its own stream: every
 * decision about a player (who its guardians are, which account is theirs) needs that player
 * whole and nothing else, and two coaches editing two players never conflict.
 */
export const playerStream = (playerId: string) => `player-${playerId}`;

export type PlayerAdded = {
  type: 'PlayerAdded';
  data: { playerId: string; teamId: string; name: string; jerseyNumber: string | null; by: string };
};

/** `invitationId` is the accepted invitation that made the link, or null when a manager linked directly. */
export type GuardianLinked = {
  type: 'GuardianLinked';
  data: { playerId: string; teamId: string; userId: string; by: string; invitationId: string | null };
};

export type GuardianUnlinked = {
  type: 'GuardianUnlinked';
  data: { playerId: string; teamId: string; userId: string; by: string };
};

export type PlayerAccountLinked = {
  type: 'PlayerAccountLinked';
  data: { playerId: string; teamId: string; userId: string; by: string; invitationId: string | null };
};

export type PlayerAccountUnlinked = {
  type: 'PlayerAccountUnlinked';
  data: { playerId: string; teamId: string; userId: string; by: string };
};

/** The roster marks the player as an adult (`adult: true`) or as a child again. */
export type PlayerAdultSet = {
  type: 'PlayerAdultSet';
  data: { playerId: string; teamId: string; adult: boolean; by: string };
};

export type PlayerEvent =
  PlayerAdded | GuardianLinked | GuardianUnlinked | PlayerAccountLinked | PlayerAccountUnlinked | PlayerAdultSet;
export const playerEventTypes = [
  'PlayerAdded',
  'GuardianLinked',
  'GuardianUnlinked',
  'PlayerAccountLinked',
  'PlayerAccountUnlinked',
  'PlayerAdultSet',
] as const;
