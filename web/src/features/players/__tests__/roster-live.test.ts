import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { applyFrame } from '../../../lib/socket/socket-provider.tsx';

describe('roster notices from the socket', () => {
  it.each(['team_players_changed', 'team_invitations_changed'])(
    '%s marks that team’s players and invitations stale, and no other team’s',
    (type) => {
      const queryClient = createQueryClient();
      for (const teamId of ['t1', 't2']) {
        queryClient.setQueryData(queryKeys.teamPlayers(teamId), []);
        queryClient.setQueryData(queryKeys.teamInvitations(teamId), []);
      }
      applyFrame(queryClient, { type, teamId: 't1' }, () => undefined);
      const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
      expect([stale(queryKeys.teamPlayers('t1')), stale(queryKeys.teamInvitations('t1'))]).toEqual([true, true]);
      expect([stale(queryKeys.teamPlayers('t2')), stale(queryKeys.teamInvitations('t2'))]).toEqual([false, false]);
    },
  );
});
