import type { OrgTeam } from '@sideline/domain';
import { Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { NativeSelect } from '../../../components/ui/select.tsx';
import { useMediaUpload } from '../../media/hooks/use-media-upload.ts';

interface UploadMediaDialogProps {
  teams: readonly OrgTeam[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** /admin/media/upload: a photo or video for one of the organization's teams (the Media Hub's upload). */
export function UploadMediaDialog({ teams, open, onOpenChange }: UploadMediaDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Upload Media</DialogTitle>
          <DialogDescription>Share a photo or a video with one of your teams.</DialogDescription>
        </DialogHeader>
        {!open ? null : teams.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">Create a team first: media belongs to a team.</p>
        ) : (
          <UploadForm teams={teams} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function UploadForm({ teams, onDone }: { teams: readonly OrgTeam[]; onDone: () => void }) {
  const [teamId, setTeamId] = useState(teams[0]!.id);
  const upload = useMediaUpload(teamId);
  const input = useRef<HTMLInputElement>(null);
  const started = useRef(false);
  // Close once the upload started here has finished (the hook toasts success or failure).
  useEffect(() => {
    if (upload.uploading) started.current = true;
    else if (started.current) {
      started.current = false;
      onDone();
    }
  }, [upload.uploading, onDone]);
  return (
    <div className="mt-3 space-y-4">
      <Field id="upload-team" label="Team">
        <NativeSelect
          id="upload-team"
          value={teamId}
          disabled={upload.uploading}
          onChange={(e) => setTeamId(e.target.value)}
        >
          {teams.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <input
        ref={input}
        type="file"
        accept="image/*,video/*"
        className="sr-only"
        tabIndex={-1}
        aria-label="Photo or video file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) upload.pick(file);
        }}
      />
      {upload.uploading ? (
        <div className="space-y-2">
          <p className="truncate text-sm text-slate-700">Uploading {upload.fileName}</p>
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={upload.progress ?? undefined}
            className="h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full bg-brand-600 transition-all" style={{ width: `${upload.progress ?? 5}%` }} />
          </div>
        </div>
      ) : null}
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={upload.uploading ? upload.cancel : onDone}>
          Cancel
        </Button>
        <Button onClick={() => input.current?.click()} disabled={upload.uploading}>
          <Upload className="size-4" aria-hidden="true" />
          {upload.uploading ? 'Uploading...' : 'Choose file'}
        </Button>
      </div>
    </div>
  );
}
