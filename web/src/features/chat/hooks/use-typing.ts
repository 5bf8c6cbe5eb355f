import { useCallback, useEffect, useRef, useState } from 'react';
import { isFrame } from '../../../lib/socket/protocol.ts';
import { TYPING_EVENT, useSocket, useSocketSubscription } from '../../../lib/socket/socket-context.ts';
import { TYPING_REFRESH_MS, TYPING_TIMEOUT_MS } from '../constants.ts';

interface Typist {
  userId: string;
  name: string;
}

/**
 * Who is typing in a team, from the `sideline:typing` window events the socket provider
 * re-broadcasts (spec §4). An entry expires 3 s after its last update, goes at once on
 * isTyping false, and when that person's message arrives. The signed-in user is left out.
 */
export function useTypingUsers(teamId: string, ownUserId: string | undefined): string[] {
  const [typists, setTypists] = useState<Typist[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const remove = useCallback((userId: string) => {
    const timer = timers.current.get(userId);
    if (timer) clearTimeout(timer);
    timers.current.delete(userId);
    setTypists((list) => (list.some((t) => t.userId === userId) ? list.filter((t) => t.userId !== userId) : list));
  }, []);

  useEffect(() => {
    const pending = timers.current;
    const onTyping = (event: WindowEventMap[typeof TYPING_EVENT]) => {
      const { teamId: eventTeamId, userId, userName, isTyping } = event.detail;
      if (eventTeamId !== teamId || userId === ownUserId) return;
      if (!isTyping) {
        remove(userId);
        return;
      }
      const previous = pending.get(userId);
      if (previous) clearTimeout(previous);
      pending.set(
        userId,
        setTimeout(() => remove(userId), TYPING_TIMEOUT_MS),
      );
      setTypists((list) =>
        list.some((t) => t.userId === userId)
          ? list.map((t) => (t.userId === userId ? { userId, name: userName } : t))
          : [...list, { userId, name: userName }],
      );
    };
    window.addEventListener(TYPING_EVENT, onTyping);
    return () => {
      window.removeEventListener(TYPING_EVENT, onTyping);
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
      setTypists([]);
    };
  }, [teamId, ownUserId, remove]);

  // Someone who just sent a message has stopped typing it.
  useSocketSubscription((frame) => {
    if (!isFrame(frame, 'new_message') || frame.message.teamId !== teamId) return;
    const senderId = frame.message.userId ?? frame.message.senderId;
    if (senderId) remove(senderId);
  });

  return typists.map((t) => t.name || 'Someone');
}

/**
 * Announces the signed-in user's typing in a team (spec §4): isTyping true when the text is
 * non-empty and the connection is up (repeated every 2 s while typing goes on, so the others'
 * 3 s expiry does not hide it), false after 3 s without typing, when the field is emptied, when
 * the message is sent, and when leaving the team's chat.
 */
export function useTypingAnnouncer(teamId: string) {
  const { status, send } = useSocket();
  const typing = useRef(false);
  const lastAnnounced = useRef(0);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });

  const stop = useCallback(() => {
    if (idleTimer.current) clearTimeout(idleTimer.current);
    idleTimer.current = null;
    if (!typing.current) return;
    typing.current = false;
    sendRef.current({ type: 'typing', teamId, isTyping: false });
  }, [teamId]);

  const onTextChange = useCallback(
    (text: string) => {
      if (text.trim().length === 0) {
        stop();
        return;
      }
      if (status !== 'connected') return;
      const now = Date.now();
      if (!typing.current || now - lastAnnounced.current >= TYPING_REFRESH_MS) {
        if (sendRef.current({ type: 'typing', teamId, isTyping: true })) {
          typing.current = true;
          lastAnnounced.current = now;
        }
      }
      if (idleTimer.current) clearTimeout(idleTimer.current);
      idleTimer.current = setTimeout(stop, TYPING_TIMEOUT_MS);
    },
    [status, stop, teamId],
  );

  // A dropped connection forgets the flag (the server clears it when the socket closes).
  useEffect(() => {
    if (status === 'connected') return;
    typing.current = false;
    if (idleTimer.current) clearTimeout(idleTimer.current);
    idleTimer.current = null;
  }, [status]);

  useEffect(() => stop, [stop]);

  return { onTextChange, stop };
}
