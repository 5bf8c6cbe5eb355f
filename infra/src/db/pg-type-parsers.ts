import pg from 'pg';

const INT8 = 20;
const INT8_ARRAY = 1016;

const defaultParser = pg.types.getTypeParser as (oid: number, format: 'text' | 'binary') => (value: string) => unknown;
const defaultInt8ArrayParser = defaultParser(INT8_ARRAY, 'text') as (value: string) => (string | null)[];

/**
 * Per-pool type parsers for `pg`: int8 becomes `bigint` (as on PGlite, so event positions and
 * counts have one type on both drivers). Set per pool rather than globally so that other `pg`
 * users in the process keep their defaults. timestamptz keeps pg's default (Date).
 */
export const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8) return (value: string) => BigInt(value);
    if (oid === INT8_ARRAY) {
      return (value: string) => defaultInt8ArrayParser(value).map((v) => (v === null ? null : BigInt(v)));
    }
    return defaultParser(oid, format ?? 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};
