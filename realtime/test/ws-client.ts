import WebSocket from 'ws';
import type { ClientFrameInput, OutgoingFrame } from '../src/protocol.ts';

type Frame = OutgoingFrame & Record<string, unknown>;

export interface ConnectOptions {
  cookie?: string;
  origin?: string | null;
  /** false: never answer pings (a client whose network died). */
  autoPong?: boolean;
}

export class RefusedUpgrade extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: string,
  ) {
    super(`upgrade refused with ${statusCode}: ${body}`);
  }
}

/** A real `ws` client that records every frame it receives and lets a test await them. */
export class TestClient {
  readonly frames: Frame[] = [];
  private cursor = 0;
  private wake: (() => void) | undefined;
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as Frame);
      this.wake?.();
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        this.wake?.();
        resolve({ code, reason: reason.toString() });
      });
    });
  }

  static connect(url: string, options: ConnectOptions = {}): Promise<TestClient> {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    const socket = new WebSocket(url, {
      headers,
      ...(options.origin === null ? {} : { origin: options.origin ?? new URL(url).origin.replace('ws', 'http') }),
      autoPong: options.autoPong ?? true,
    });
    const client = new TestClient(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => reject(new RefusedUpgrade(response.statusCode ?? 0, body)));
      });
      socket.once('error', reject);
    });
  }

  send(frame: ClientFrameInput | Record<string, unknown>): void {
    this.socket.send(JSON.stringify(frame));
  }

  sendRaw(text: string): void {
    this.socket.send(text);
  }

  /** The next unread frame (optionally: the next unread one of `type`, skipping others). */
  async next(type?: string, timeoutMs = 3_000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.cursor < this.frames.length) {
        const frame = this.frames[this.cursor++] as Frame;
        if (type === undefined || frame.type === type) return frame;
      }
      const left = deadline - Date.now();
      if (left <= 0 || this.socket.readyState === WebSocket.CLOSED) {
        throw new Error(`no ${type ?? 'frame'} within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Frames received so far that were not consumed by next(). */
  unread(): Frame[] {
    return this.frames.slice(this.cursor);
  }

  async join(teamIds: string[]): Promise<string[]> {
    this.send({ type: 'join_teams', teamIds });
    const joined = await this.next('joined');
    return joined.teamIds as string[];
  }

  close(): Promise<{ code: number; reason: string }> {
    this.socket.close();
    return this.closed;
  }
}
