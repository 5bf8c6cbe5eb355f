import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { playerKeys } from '../api.ts';
import { applyFrame } from '../../../lib/socket/socket-provider.tsx';

describe('roster notices from the socket', () => {
  it.each(['team_players_changed', 'team_invitations_changed'])(
    '%s marks that team’s players and invitations stale, and no other team’s',
    (type) => {
      const queryClient = createQueryClient();
      for (const teamId of ['t1', 't2']) {
        queryClient.setQueryData(playerKeys.all(teamId), []);
        queryClient.setQueryData(playerKeys.invitations(teamId), []);
      }
      applyFrame(queryClient, { type, teamId: 't1' }, () => undefined);
      const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
      expect([stale(playerKeys.all('t1')), stale(playerKeys.invitations('t1'))]).toEqual([true, true]);
      expect([stale(playerKeys.all('t2')), stale(playerKeys.invitations('t2'))]).toEqual([false, false]);
    },
  );
});
