import { MESSAGE_MAX_LENGTH } from '@sideline/domain';
import { ImagePlus, Loader2, SendHorizontal, X } from 'lucide-react';
import { useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { fieldFocusClassName } from '../../../components/ui/input.tsx';
import { useTypingAnnouncer } from '../hooks/use-typing.ts';
import { EmojiPicker } from './emoji-picker.tsx';

export interface ComposerProps {
  teamId: string;
  /** Sends the text; the composer clears itself at once. */
  onSend: (text: string) => void;
  /** An HTTP send is in flight: the send button waits (spec §5). */
  sending: boolean;
  onPickPhoto: (file: File) => void;
  upload: { uploading: boolean; progress: number | null; fileName: string | null; cancel: () => void };
  /** Above the field while no photo uploads: who is in the next photo (the Media Hub's picker). */
  photoTags?: ReactNode;
}

/**
 * The message composer (spec §2, §4, §5): photo button (image/* only), emoji picker, the message
 * field (Enter sends, Shift+Enter breaks the line) and the send button, disabled while the
 * trimmed text is empty or a send is in flight. Typing is announced while the text is non-empty.
 */
export function Composer({ teamId, onSend, sending, onPickPhoto, upload, photoTags }: ComposerProps) {
  const [text, setText] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const typing = useTypingAnnouncer(teamId);
  const canSend = text.trim().length > 0 && !sending;

  const change = (next: string) => {
    setText(next);
    typing.onTextChange(next);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    const message = text.trim();
    typing.stop();
    setText('');
    onSend(message);
    field.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const insertEmoji = (emoji: string) => {
    const el = field.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = (text.slice(0, start) + emoji + text.slice(end)).slice(0, MESSAGE_MAX_LENGTH);
    change(next);
    const caret = start + emoji.length;
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(caret, caret);
    });
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file may be picked again
    if (file) onPickPhoto(file);
  };

  return (
    <div className="border-t border-slate-200/80 bg-slate-50 pt-2">
      {upload.uploading ? (
        <div className="mb-2 flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm">
          <Loader2 className="size-4 shrink-0 animate-spin text-brand-600" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-slate-700">
              Uploading{upload.fileName ? ` ${upload.fileName}` : ' photo'}...
              {upload.progress !== null ? ` ${upload.progress}%` : ''}
            </p>
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={upload.progress ?? undefined}
              className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100"
            >
              <div
                className="h-full rounded-full bg-gradient-to-r from-brand-600 to-violet-600 transition-[width]"
                style={{ width: `${upload.progress ?? 0}%` }}
              />
            </div>
          </div>
          <Button variant="ghost" size="sm" onClick={upload.cancel} aria-label="Cancel upload">
            <X className="size-4" aria-hidden="true" />
          </Button>
        </div>
      ) : photoTags ? (
        <div className="mb-2">{photoTags}</div>
      ) : null}

      <form onSubmit={submit} className="flex items-end gap-1">
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onFile}
        />
        <Button
          variant="subtle"
          size="icon"
          aria-label="Attach photo"
          disabled={upload.uploading}
          onClick={() => fileInput.current?.click()}
        >
          {upload.uploading ? (
            <Loader2 className="size-5 animate-spin" aria-hidden="true" />
          ) : (
            <ImagePlus className="size-5" aria-hidden="true" />
          )}
        </Button>
        <EmojiPicker onPick={insertEmoji} onClose={() => field.current?.focus()} />
        <textarea
          ref={field}
          aria-label="Message"
          placeholder="Type a message..."
          rows={1}
          maxLength={MESSAGE_MAX_LENGTH}
          value={text}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
          enterKeyHint="send"
          data-skip-target
          className={`max-h-32 min-h-11 flex-1 resize-none rounded-xl border border-slate-200 bg-white px-3.5 py-2 text-base text-slate-900 shadow-xs [field-sizing:content] placeholder:text-slate-500 sm:text-sm ${fieldFocusClassName}`}
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={!canSend}>
          {sending ? (
            <Loader2 className="size-5 animate-spin" aria-hidden="true" />
          ) : (
            <SendHorizontal className="size-5" aria-hidden="true" />
          )}
        </Button>
      </form>
    </div>
  );
}
