/**
 * API reads the first script starts before the app's code has arrived (app/boot/early-data.ts),
 * so the data comes down beside the code instead of after it. The API client takes such an
 * answer instead of asking again: each once, and only in the first seconds of the page (after
 * that the data may have moved on).
 */
const started = new Map<string, Promise<Response>>();
const FRESH_FOR_MS = 10_000;

/** GETs `path` now, for the API client to take later. */
export function startEarlyRequest(path: string): Promise<Response> {
  const response = fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } });
  started.set(path, response);
  // Unclaimed: forgotten (a failure then is nobody's to report).
  response.catch(() => {});
  setTimeout(() => {
    if (started.get(path) === response) started.delete(path);
  }, FRESH_FOR_MS);
  return response;
}

/** The early answer to `path`, once; undefined when none was started (or it is too old). */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const response = started.get(path);
  started.delete(path);
  return response;
}
