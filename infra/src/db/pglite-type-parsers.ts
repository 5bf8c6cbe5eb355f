import { types, type ParserOptions } from '@electric-sql/pglite';

/**
 * PGlite parses int8 as a number (losing precision past 2^53); parse it as `bigint` like the
 * `pg` pool does, so code behaves the same on both drivers.
 */
export const pgliteParsers: ParserOptions = {
  [types.INT8]: (value: string) => BigInt(value),
};
