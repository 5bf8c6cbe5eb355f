import type { updateProfileInputSchema, User } from '@sideline/domain';
import { Camera, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../auth/components/apply-server-errors.ts';
import { lazyZodResolver } from '../../auth/lazy-resolver.ts';
import { useRemoveAvatar, useUpdateName, useUploadAvatar } from '../api.ts';

type NameInput = z.input<typeof updateProfileInputSchema>;
type NameOutput = z.output<typeof updateProfileInputSchema>;

const validation = lazyZodResolver<NameInput, NameOutput>(
  async () => (await import('@sideline/domain/identity/settings')).updateProfileInputSchema,
);

/** The person's picture (upload, remove) and name; the email is shown, not edited. */
export function ProfileSection({ user }: { user: User }) {
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const rename = useUpdateName();
  const fileInput = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
    reset,
  } = useForm<NameInput, unknown, NameOutput>({
    resolver: validation.resolver,
    values: { name: user.name },
  });
  const pictureBusy = upload.isPending || remove.isPending;

  const onSubmit = handleSubmit((values) => {
    rename.mutate(values, {
      onSuccess: (updated) => {
        reset({ name: updated.name });
        toast({ title: 'Name saved', description: `Your teams now see you as ${updated.name}.` });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, ['name'], setError)) {
          toast({ variant: 'destructive', title: "Couldn't save your name", description: getErrorMessage(error) });
        }
      },
    });
  });

  return (
    <Card className="p-5" role="region" aria-labelledby="settings-profile">
      <h2 id="settings-profile" className="text-base font-semibold text-slate-900">
        Profile
      </h2>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Avatar name={user.name} src={user.avatarUrl} size="lg" />
        <div className="flex min-w-0 flex-wrap gap-2">
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            className="sr-only"
            tabIndex={-1}
            aria-label="Picture to upload"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              upload.mutate(file, {
                onSuccess: () => toast({ title: 'Picture updated' }),
                onError: (error) =>
                  toast({ variant: 'destructive', title: 'Upload failed', description: getErrorMessage(error) }),
              });
            }}
          />
          <Button variant="outline" size="sm" disabled={pictureBusy} onClick={() => fileInput.current?.click()}>
            <Camera className="size-4" aria-hidden="true" />
            {upload.isPending ? 'Uploading...' : user.avatarUrl ? 'Change picture' : 'Upload picture'}
          </Button>
          {user.avatarUrl ? (
            <Button
              variant="bare"
              size="sm"
              className="text-red-700 hover:bg-red-50"
              disabled={pictureBusy}
              onClick={() =>
                remove.mutate(undefined, {
                  onError: (error) =>
                    toast({
                      variant: 'destructive',
                      title: "Couldn't remove the picture",
                      description: getErrorMessage(error),
                    }),
                })
              }
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Remove picture
            </Button>
          ) : null}
        </div>
      </div>
      <p className="mt-2 text-xs text-slate-600">PNG, JPEG, GIF or WebP up to 10 MB. Only your teams see it.</p>

      <form
        onSubmit={onSubmit}
        onFocus={() => void validation.warm()}
        noValidate
        aria-label="Your name"
        className="mt-5 space-y-4"
      >
        <Field id="settings-name" label="Full name" error={errors.name?.message}>
          <Input
            {...fieldControlProps('settings-name', errors.name?.message)}
            autoComplete="name"
            {...register('name')}
          />
        </Field>
        <div>
          <p className="text-sm font-medium text-slate-700">Email</p>
          <p className="mt-1 text-sm text-slate-600 wrap-anywhere">{user.email}</p>
        </div>
        <Button type="submit" disabled={rename.isPending || !isDirty}>
          {rename.isPending ? 'Saving...' : 'Save name'}
        </Button>
      </form>
    </Card>
  );
}
