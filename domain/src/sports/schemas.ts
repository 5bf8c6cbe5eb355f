import { z } from 'zod';
import { sportList, type SportDefinition } from './catalogue.ts';

/** GET /api/sports */
export const sportSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['team', 'individual']),
  description: z.string(),
  statTypes: z.array(z.string()),
  positionCount: z.number().int(),
});
export type SportSummary = z.infer<typeof sportSummarySchema>;

/** GET /api/sports/{id}/positions */
export const positionSchema = z.object({ id: z.string(), name: z.string() });

export const sportSummaryOf = (sport: SportDefinition): SportSummary => ({
  id: sport.id,
  name: sport.name,
  type: sport.type,
  description: sport.description,
  statTypes: [...sport.statTypes],
  positionCount: sport.positions.length,
});

export const sportSummaries: readonly SportSummary[] = sportList.map(sportSummaryOf);
