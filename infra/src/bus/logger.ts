/**
 * The slice of a logger the bus needs. pino's and console's methods both fit, so callers pass
 * the app logger and tests pass nothing.
 */
export interface BusLogger {
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

export const consoleBusLogger: BusLogger = {
  warn: (details, message) => console.warn(message ?? 'bus warning', details),
  error: (details, message) => console.error(message ?? 'bus error', details),
};
