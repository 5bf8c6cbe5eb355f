import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { serveRequests } from './chat-child.ts';

/**
 * The raw `ws` baseline of `npm run bench -- chat`, in a process of its own: a bare
 * WebSocketServer that keeps rooms in memory and, on each `send_message`, broadcasts a
 * `new_message` frame of the very shape Sideline sends (the message with the REST and the
 * socket field names) to every socket of the team, the way ws's README broadcasts. No sessions,
 * no database, no bus: what fanning the same frames out to the same sockets costs by itself.
 */
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 64 * 1024 });
await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
const { port } = wss.address() as AddressInfo;
const rooms = new Map<string, Set<WebSocket>>();

wss.on('connection', (socket, request) => {
  const userId = new URL(request.url ?? '/', 'http://x').searchParams.get('user') ?? randomUUID();
  const name = `Bench parent ${userId.slice(0, 4)}`;
  let joined: string[] = [];
  socket.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as {
      type: string;
      teamIds?: string[];
      teamId?: string;
      content?: string;
      clientId?: string;
    };
    if (frame.type === 'join_teams') {
      joined = frame.teamIds ?? [];
      for (const teamId of joined) {
        let room = rooms.get(teamId);
        if (!room) rooms.set(teamId, (room = new Set()));
        room.add(socket);
      }
      socket.send(JSON.stringify({ type: 'joined', teamIds: joined }));
    } else if (frame.type === 'send_message' && frame.teamId && joined.includes(frame.teamId)) {
      const text = frame.content ?? '';
      const data = JSON.stringify({
        type: 'new_message',
        message: {
          id: randomUUID(),
          teamId: frame.teamId,
          userId,
          text,
          mediaUrl: null,
          timestamp: new Date().toISOString(),
          pinned: false,
          clientId: frame.clientId ?? null,
          user: { name, avatarUrl: null },
          content: text,
          senderId: userId,
          senderName: name,
        },
      });
      for (const client of rooms.get(frame.teamId) ?? []) {
        if (client.readyState === client.OPEN) client.send(data);
      }
    }
  });
  socket.on('close', () => {
    for (const teamId of joined) rooms.get(teamId)?.delete(socket);
  });
});

serveRequests(
  { url: () => `ws://127.0.0.1:${port}/ws` },
  () => new Promise<void>((resolve) => wss.close(() => resolve())),
);
