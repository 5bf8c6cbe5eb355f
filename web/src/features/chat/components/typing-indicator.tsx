import { TYPING_INDICATOR_MAX_NAMES } from '../constants.ts';
import { typingText } from '../lib/messages.ts';

/** 'X is typing…', 'X and Y are typing…', 'X, Y and Z are typing…' (a polite live region). */
export function TypingIndicator({ names }: { names: string[] }) {
  const text = typingText(names, TYPING_INDICATOR_MAX_NAMES);
  return (
    <div role="status" aria-live="polite" className="flex h-5 items-center gap-1.5 px-2 text-xs text-slate-500">
      {text ? (
        <>
          <span className="flex gap-0.5" aria-hidden="true">
            <span className="size-1 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.3s]" />
            <span className="size-1 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.15s]" />
            <span className="size-1 animate-bounce rounded-full bg-slate-400" />
          </span>
          <span className="truncate">{text}</span>
        </>
      ) : null}
    </div>
  );
}
