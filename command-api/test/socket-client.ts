import WebSocket from 'ws';
import type { ApiClient } from './http-client.ts';
import type { TestServer } from './test-server.ts';

export type Frame = { type: string; [field: string]: any };

/** A real ws client on `/ws` that keeps every frame and lets a test await the next one of a type. */
export class SocketClient {
  readonly frames: Frame[] = [];
  private cursor = 0;
  private wake: (() => void) | undefined;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      this.wake?.();
    });
  }

  static open(server: TestServer, client: ApiClient): Promise<SocketClient> {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, {
      headers: { cookie: client.cookie },
      origin: server.url,
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new SocketClient(socket)));
      socket.once('error', reject);
    });
  }

  send(frame: Frame): void {
    this.socket.send(JSON.stringify(frame));
  }

  /** The next frame (after the ones already taken) that matches. */
  async next(type: string, timeoutMs = 5_000, matches: (frame: Frame) => boolean = () => true): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.cursor < this.frames.length) {
        const frame = this.frames[this.cursor++]!;
        if (frame.type === type && matches(frame)) return frame;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  async join(teamIds: string[]): Promise<string[]> {
    this.send({ type: 'join_teams', teamIds });
    return (await this.next('joined')).teamIds as string[];
  }

  ofType(type: string): Frame[] {
    return this.frames.filter((f) => f.type === type);
  }

  isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  close(): void {
    this.socket.close();
  }
}
