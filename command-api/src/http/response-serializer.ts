import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Schema types whose JSON is not simply their output's (encoding runs them backwards). */
const ioDependent = new Set(['pipe', 'transform']);

/**
 * The JSON schema of a zod response schema's output, for fast-json-stringify; null when zod's
 * own serializer must stay (not a zod schema, transforms or codecs, or anything JSON schema
 * cannot say).
 */
export function responseJsonSchema(schema: unknown): Record<string, unknown> | null {
  if (!(schema instanceof z.ZodType)) return null;
  let dependsOnIo = false;
  try {
    const json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
      override: (ctx) => {
        if (ioDependent.has(ctx.zodSchema._zod.def.type)) dependsOnIo = true;
      },
    }) as Record<string, unknown>;
    if (dependsOnIo) return null;
    delete json.$schema;
    return json;
  } catch {
    return null;
  }
}

/**
 * Compiles each route's zod response schema into a fast-json-stringify serializer: the same
 * JSON as zod's serializer (which validates every answer with zod, then runs JSON.stringify) at
 * a fraction of the cost. What the schema declares is written; other properties are left out,
 * as zod's parse leaves them out. Routes schemas cannot describe keep zod's serializer. The
 * OpenAPI document is generated from the zod schemas as before.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const json = responseJsonSchema(route.schema);
  return json ? fastJson(json) : zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
};
