import type { GameRecap, GameRecapInput } from '@sideline/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { apiPaths } from '../../lib/query-keys.ts';

/** POST /api/ai/game-recap — a recap written from the team's recorded data. */
export function useGameRecap() {
  return useMutation({
    mutationFn: (input: GameRecapInput) => api.post<GameRecap>(apiPaths.gameRecap, input),
  });
}
