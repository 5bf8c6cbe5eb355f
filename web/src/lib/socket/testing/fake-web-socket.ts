import type { WebSocketLike } from '../socket-actor.ts';

/**
 * A fake WebSocket for tests (no network): it records what the client writes, and the test
 * plays the server with `open()`, `receive(frame)` and `serverClose(code)`. Every instance is
 * kept in `FakeWebSocket.instances`, newest last. Use it as a factory
 * (`(url) => new FakeWebSocket(url)`) or as the global (`vi.stubGlobal('WebSocket', FakeWebSocket)`).
 */
export class FakeWebSocket implements WebSocketLike {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;

  static instances: FakeWebSocket[] = [];

  /** The newest instance (the one the client is using now), if any. */
  static get latest(): FakeWebSocket | undefined {
    return FakeWebSocket.instances.at(-1);
  }

  static reset() {
    FakeWebSocket.instances = [];
  }

  readonly url: string;
  readyState = FakeWebSocket.CONNECTING;
  /** Raw text the client wrote. */
  readonly sentData: string[] = [];
  /** Set when the client closed the socket itself. */
  closedByClient: { code?: number; reason?: string } | null = null;

  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  /** Frames the client wrote, parsed. */
  get sent(): Array<{ type: string; [field: string]: unknown }> {
    return this.sentData.map((data) => JSON.parse(data) as { type: string });
  }

  /** Frames of one type the client wrote. */
  sentOfType(type: string) {
    return this.sent.filter((frame) => frame.type === type);
  }

  send(data: string) {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('FakeWebSocket: send while not open');
    this.sentData.push(data);
  }

  close(code?: number, reason?: string) {
    if (this.readyState >= FakeWebSocket.CLOSING) return;
    this.closedByClient = { code, reason };
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code: code ?? 1005, reason: reason ?? '', wasClean: true } as CloseEvent);
  }

  // ---- the server's side ----------------------------------------------------------------------

  /** The server accepts the connection. */
  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** The server sends a frame (an object is JSON-encoded). */
  receive(frame: unknown) {
    const data = typeof frame === 'string' ? frame : JSON.stringify(frame);
    this.onmessage?.({ data } as MessageEvent);
  }

  /** The connection drops or the server closes it (an unexpected close for the client). */
  serverClose(code = 1006, reason = '') {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onerror?.(new Event('error'));
    this.onclose?.({ code, reason, wasClean: false } as CloseEvent);
  }

  get isOpen() {
    return this.readyState === FakeWebSocket.OPEN;
  }
}
