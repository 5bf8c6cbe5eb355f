import { z } from 'zod';
import { idSchema } from '@sideline/domain';

export const errorBody = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
/** The errors every admin route may answer. */
export const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
export const idParams = z.object({ id: idSchema });
export const tags = ['admin'];
