import { ApiError } from '../api-client.ts';
import { camelizeKeys } from '../case.ts';

export interface UploadProgress {
  loaded: number;
  /** 0 when the browser does not know the total. */
  total: number;
}

export interface UploadRequest {
  url: string;
  body: FormData;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Thrown when an upload is aborted (its `name` is 'AbortError', like fetch's). */
export class UploadAbortedError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'AbortError';
  }
}

/**
 * POSTs a multipart body with XMLHttpRequest (fetch cannot report upload progress), with the
 * session cookie. Resolves with the camelCased JSON answer; a non-OK status rejects with the same
 * `ApiError` as the fetch client (`"{status}: {body}"`, the server's `{ message, code }` kept);
 * a network failure rejects with a plain Error.
 */
export function postWithProgress<T>({ url, body, onProgress, signal, headers = {} }: UploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadAbortedError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);

    const onAbortSignal = () => xhr.abort();
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.upload.onprogress = (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    };
    xhr.onload = () => {
      done();
      const text = xhr.responseText ?? '';
      const parsed = parseJson(text);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((parsed === undefined ? undefined : camelizeKeys(parsed)) as T);
        return;
      }
      reject(new ApiError(xhr.status, xhr.statusText, text, parsed === undefined ? undefined : camelizeKeys(parsed)));
    };
    xhr.onerror = () => {
      done();
      reject(new Error('Network error: the upload could not reach Sideline'));
    };
    xhr.onabort = () => {
      done();
      reject(new UploadAbortedError());
    };
    xhr.send(body);
  });
}
