import { zodResolver } from '@hookform/resolvers/zod';
import {
  createLivestreamInputSchema,
  LIVESTREAM_DESCRIPTION_MAX,
  LIVESTREAM_TITLE_MAX,
  livestreamTypes,
  type Livestream,
  type Team,
} from '@sideline/domain';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { fieldFocusClassName, Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../auth/components/apply-server-errors.ts';
import { useCreateLivestream } from '../api.ts';
import { streamTypeLabels } from '../lib/display.ts';
import { choiceInputClassName, choiceLabelClassName } from '../../../components/ui/label.tsx';

/** A `datetime-local` value ('2026-11-28T10:00', the viewer's wall clock) as an ISO instant. */
export function localDateTimeToIso(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  if (/(Z|[+-]\d\d:\d\d)$/.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/**
 * The Create Livestream form: the domain's POST /api/livestreams schema (the server validates
 * with the same one), less the team (the screen's selected team), with the date-time input's
 * local wall-clock value turned into an ISO instant first.
 */
export const livestreamFormSchema = createLivestreamInputSchema.omit({ teamId: true }).extend({
  scheduledStartTime: z.preprocess(localDateTimeToIso, createLivestreamInputSchema.shape.scheduledStartTime),
});
type FormInput = z.input<typeof livestreamFormSchema>;
type FormOutput = z.output<typeof livestreamFormSchema>;

const FIELDS = [
  'title',
  'description',
  'streamType',
  'scheduledStartTime',
  'isPublic',
  'allowChat',
  'recordStream',
] as const;

/** Spec §2 defaults: type match, public off, chat on, record on. */
export const livestreamFormDefaults: FormInput = {
  title: '',
  description: '',
  streamType: 'match',
  scheduledStartTime: '',
  isPublic: false,
  allowChat: true,
  recordStream: true,
};

interface CreateLivestreamDialogProps {
  team: Team;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The created stream (its answer carries the stream key, shown once). */
  onCreated: (stream: Livestream) => void;
}

/** 'Create Livestream' (spec part 2 §2, §5, §8): on success both lists refresh and it closes. */
export function CreateLivestreamDialog({ team, open, onOpenChange, onCreated }: CreateLivestreamDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width="lg">
        <DialogHeader>
          <DialogTitle>Create Livestream</DialogTitle>
          <DialogDescription>
            Set up a stream for {team.name}. You get the RTMP settings for OBS or your camera app.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <CreateLivestreamForm
            team={team}
            onCancel={() => onOpenChange(false)}
            onCreated={(stream) => {
              onOpenChange(false);
              onCreated(stream);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CreateLivestreamForm({
  team,
  onCancel,
  onCreated,
}: {
  team: Team;
  onCancel: () => void;
  onCreated: (stream: Livestream) => void;
}) {
  const create = useCreateLivestream();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(livestreamFormSchema),
    defaultValues: livestreamFormDefaults,
  });

  const onSubmit = handleSubmit((values) => {
    create.mutate(
      { teamId: team.id, ...values },
      {
        onSuccess: (stream) => {
          toast({ title: 'Livestream created', description: 'Your livestream has been set up successfully.' });
          onCreated(stream);
        },
        onError: (error) => {
          applyServerFieldErrors(error, FIELDS, setError);
          toast({
            variant: 'destructive',
            title: 'Error creating livestream',
            description: getErrorMessage(error, 'Failed to create livestream.'),
          });
        },
      },
    );
  });
  const err = (name: keyof FormInput) => errors[name]?.message;
  const pending = create.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create livestream">
      <Field id="livestream-title" label="Stream Title" error={err('title')}>
        <Input
          {...fieldControlProps('livestream-title', err('title'))}
          placeholder="e.g. Hawks vs. Eagles — Semi-final"
          maxLength={LIVESTREAM_TITLE_MAX}
          {...register('title')}
        />
      </Field>
      <Field id="livestream-description" label="Description" error={err('description')}>
        <textarea
          {...fieldControlProps('livestream-description', err('description'))}
          rows={3}
          maxLength={LIVESTREAM_DESCRIPTION_MAX}
          placeholder="What viewers will see"
          className={`block w-full rounded-xl border border-slate-200 bg-white px-3.5 py-2.5 text-base shadow-xs sm:text-sm ${fieldFocusClassName}`}
          {...register('description')}
        />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="livestream-type" label="Stream Type" error={err('streamType')}>
          <NativeSelect {...fieldControlProps('livestream-type', err('streamType'))} {...register('streamType')}>
            {livestreamTypes.map((type) => (
              <option key={type} value={type}>
                {streamTypeLabels[type]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="livestream-start" label="Scheduled Start Time" error={err('scheduledStartTime')}>
          <Input
            type="datetime-local"
            {...fieldControlProps('livestream-start', err('scheduledStartTime'))}
            {...register('scheduledStartTime')}
          />
        </Field>
      </div>
      <fieldset className="space-y-2 rounded-xl bg-slate-50 px-3 py-3">
        <legend className="sr-only">Stream options</legend>
        <label className={choiceLabelClassName}>
          <input type="checkbox" className={choiceInputClassName} {...register('isPublic')} />
          Public stream
          <span className="text-xs text-slate-500">(anyone with the link can watch)</span>
        </label>
        <label className={choiceLabelClassName}>
          <input type="checkbox" className={choiceInputClassName} {...register('allowChat')} />
          Enable chat
        </label>
        <label className={choiceLabelClassName}>
          <input type="checkbox" className={choiceInputClassName} {...register('recordStream')} />
          Record stream
          <span className="text-xs text-slate-500">(saved to the Media Hub)</span>
        </label>
      </fieldset>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Creating...' : 'Create Stream'}
        </Button>
      </div>
    </form>
  );
}
