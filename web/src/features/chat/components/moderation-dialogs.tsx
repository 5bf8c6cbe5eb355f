import { MESSAGE_MAX_LENGTH } from '@sideline/domain';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import type { ChatMessage } from '../api.ts';

interface DeleteMessageDialogProps {
  message: ChatMessage | null;
  /** Whether the viewer wrote it (the wording differs for a coach removing someone's message). */
  own: boolean;
  pending: boolean;
  onConfirm: (message: ChatMessage) => void;
  onClose: () => void;
}

/** Asks before a message is deleted. */
export function DeleteMessageDialog({ message, own, pending, onConfirm, onClose }: DeleteMessageDialogProps) {
  return (
    <Dialog open={message !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete this message?</DialogTitle>
          <DialogDescription>
            {own
              ? "Everyone in the team will see 'Message deleted' in its place."
              : `${message?.user?.name ?? 'The sender'}'s message will show as 'Message deleted' to the team. The organization's admins can still see the original.`}
          </DialogDescription>
        </DialogHeader>
        {message?.text ? (
          <blockquote className="mt-3 rounded-xl bg-slate-50 px-3 py-2 text-sm wrap-anywhere whitespace-pre-wrap text-slate-700">
            {message.text}
          </blockquote>
        ) : null}
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => message && onConfirm(message)} disabled={pending}>
            {pending ? 'Deleting...' : 'Delete message'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

interface EditMessageDialogProps {
  message: ChatMessage | null;
  pending: boolean;
  onSave: (message: ChatMessage, text: string) => void;
  onClose: () => void;
}

/** Edits the viewer's own message. */
export function EditMessageDialog({ message, pending, onSave, onClose }: EditMessageDialogProps) {
  return (
    <Dialog open={message !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit message</DialogTitle>
          <DialogDescription>The team sees that it was edited.</DialogDescription>
        </DialogHeader>
        {message ? (
          <EditForm key={message.id} message={message} pending={pending} onSave={onSave} onClose={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({
  message,
  pending,
  onSave,
  onClose,
}: {
  message: ChatMessage;
  pending: boolean;
  onSave: (message: ChatMessage, text: string) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState(message.text);
  const trimmed = text.trim();
  const unchanged = trimmed === message.text.trim();
  return (
    <form
      className="mt-3 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed && !unchanged) onSave(message, trimmed);
      }}
    >
      <label htmlFor="edit-message-text" className="sr-only">
        Message text
      </label>
      <textarea
        id="edit-message-text"
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        rows={4}
        onChange={(e) => setText(e.target.value)}
        className="block w-full rounded-xl border border-slate-200 bg-white px-3.5 py-2.5 text-base shadow-xs focus:border-brand-500 focus:ring-3 focus:ring-brand-500/15 focus:outline-none sm:text-sm"
      />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending || !trimmed || unchanged}>
          {pending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
