/**
 * A fake XMLHttpRequest for tests (no network): records the request, and the test plays the
 * server with `progress(loaded, total)`, `respond(status, body)`, `fail()`. Every instance is
 * kept in `FakeXMLHttpRequest.instances`. Install with `vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest)`.
 */
export class FakeXMLHttpRequest {
  static instances: FakeXMLHttpRequest[] = [];

  static get latest(): FakeXMLHttpRequest | undefined {
    return FakeXMLHttpRequest.instances.at(-1);
  }

  static reset() {
    FakeXMLHttpRequest.instances = [];
  }

  method = '';
  url = '';
  withCredentials = false;
  readonly requestHeaders: Record<string, string> = {};
  body: unknown = undefined;
  aborted = false;

  status = 0;
  statusText = '';
  responseText = '';

  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXMLHttpRequest.instances.push(this);
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.requestHeaders[name] = value;
  }

  send(body: unknown) {
    this.body = body;
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  // ---- the server's side ----------------------------------------------------------------------

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: total > 0 } as ProgressEvent);
  }

  respond(status: number, body: unknown, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }

  fail() {
    this.onerror?.();
  }

  /** The multipart fields sent (files as File objects). */
  get formFields(): Record<string, FormDataEntryValue> {
    if (!(this.body instanceof FormData)) return {};
    return Object.fromEntries(this.body.entries());
  }
}
