import { zodResolver } from '@hookform/resolvers/zod';
import { sports, updateOrgSettingsInputSchema, type OrgSettings, type UpdateOrgSettingsInput } from '@sideline/domain';
import type { UseMutationResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { NativeSelect } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../auth/components/apply-server-errors.ts';
import { OrgConsentSettingsCard } from '../../consent/components/org-consent-settings.tsx';
import { useOrgSettings, useUpdateOrgSettings } from '../api.ts';
import { timeZoneOptions } from '../lib/time-zones.ts';
import { choiceInputClassName, choiceLabelClassName } from '../../../components/ui/label.tsx';

const profileSchema = updateOrgSettingsInputSchema.pick({
  name: true,
  description: true,
  defaultSport: true,
  timezone: true,
  logoUrl: true,
  primaryColor: true,
  secondaryColor: true,
  website: true,
  contactEmail: true,
  contactPhone: true,
  address: true,
});
const preferencesSchema = updateOrgSettingsInputSchema.pick({
  defaultRsvpPolicy: true,
  autoApproveInvites: true,
  allowPublicRegistration: true,
  emailFooter: true,
});
type ProfileInput = z.input<typeof profileSchema>;
type PreferencesInput = z.input<typeof preferencesSchema>;

const textarea =
  'block w-full rounded-xl border border-slate-200 bg-white px-3.5 py-2.5 text-base shadow-xs focus:border-brand-500 focus:ring-3 focus:ring-brand-500/15 focus:outline-none aria-invalid:border-red-400 sm:text-sm';

/** Settings (spec part 2 §2, §3): every org setting, validated by the server's own schema, saved as events. */
export function SettingsTab({ orgId }: { orgId: string }) {
  const settings = useOrgSettings(orgId);
  const update = useUpdateOrgSettings(orgId);
  if (settings.isPending) return <Skeleton className="h-96" />;
  if (settings.isError) {
    return (
      <LoadError title="Failed to fetch settings" error={settings.error} onRetry={() => void settings.refetch()} />
    );
  }
  return (
    <div className="space-y-6">
      <OrgSettingsForms settings={settings.data} update={update} />
      <OrgConsentSettingsCard orgId={orgId} />
    </div>
  );
}

type SettingsUpdate = UseMutationResult<OrgSettings, Error, UpdateOrgSettingsInput>;

/**
 * The Organization Profile and Preferences forms on loaded settings, saved by `update` (the
 * console's PATCH /api/organizations/{id}/settings or the portal's PATCH /api/admin/settings).
 */
export function OrgSettingsForms({ settings, update }: { settings: OrgSettings; update: SettingsUpdate }) {
  return (
    <div className="space-y-6">
      <ProfileForm update={update} settings={settings} />
      <PreferencesForm update={update} settings={settings} />
    </div>
  );
}

function useSave(update: SettingsUpdate, successTitle: string) {
  const save = <T extends Record<string, unknown>>(values: T, onFieldErrors: (error: unknown) => void) =>
    update.mutate(values, {
      onSuccess: () => toast({ title: successTitle }),
      onError: (error) => {
        onFieldErrors(error);
        toast({ variant: 'destructive', title: 'Update failed', description: getErrorMessage(error) });
      },
    });
  return { save, pending: update.isPending };
}

function ProfileForm({ update, settings }: { update: SettingsUpdate; settings: OrgSettings }) {
  const { save, pending } = useSave(update, 'Settings saved');
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<ProfileInput, unknown, z.output<typeof profileSchema>>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      name: settings.name,
      description: settings.description ?? '',
      defaultSport: settings.defaultSport as ProfileInput['defaultSport'],
      timezone: settings.timezone,
      logoUrl: settings.logoUrl ?? '',
      primaryColor: settings.primaryColor ?? '',
      secondaryColor: settings.secondaryColor ?? '',
      website: settings.website ?? '',
      contactEmail: settings.contactEmail ?? '',
      contactPhone: settings.contactPhone ?? '',
      address: settings.address ?? '',
    },
  });
  const fields = Object.keys(profileSchema.shape) as (keyof ProfileInput)[];
  const onSubmit = handleSubmit((values) => save(values, (error) => applyServerFieldErrors(error, fields, setError)));
  const err = (name: keyof ProfileInput) => errors[name]?.message;
  const text = (name: keyof ProfileInput, label: string, props: Record<string, unknown> = {}) => (
    <Field id={`settings-${name}`} label={label} error={err(name)}>
      <Input {...fieldControlProps(`settings-${name}`, err(name))} {...props} {...register(name)} />
    </Field>
  );
  const colour = (name: 'primaryColor' | 'secondaryColor', label: string) => {
    const value = watch(name) ?? '';
    return (
      <Field id={`settings-${name}`} label={label} error={err(name)}>
        <div className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="size-11 shrink-0 rounded-xl border border-slate-200"
            style={{ background: /^#(?:[0-9a-fA-F]{3}){1,2}$/.test(value) ? value : 'transparent' }}
          />
          <Input
            {...fieldControlProps(`settings-${name}`, err(name))}
            placeholder="#1d4ed8"
            maxLength={7}
            {...register(name)}
          />
        </div>
      </Field>
    );
  };
  return (
    <Card className="p-5">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Organization settings">
        <h2 className="text-base font-semibold text-slate-900">Organization Profile</h2>
        {text('name', 'Organization name', { maxLength: 100 })}
        <Field id="settings-description" label="Description" error={err('description')}>
          <textarea
            {...fieldControlProps('settings-description', err('description'))}
            rows={3}
            maxLength={500}
            className={textarea}
            {...register('description')}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="settings-defaultSport" label="Default sport" error={err('defaultSport')}>
            <NativeSelect
              {...fieldControlProps('settings-defaultSport', err('defaultSport'))}
              {...register('defaultSport')}
            >
              {sports.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="settings-timezone" label="Time zone" error={err('timezone')}>
            <NativeSelect {...fieldControlProps('settings-timezone', err('timezone'))} {...register('timezone')}>
              {timeZoneOptions(settings.timezone).map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        {text('logoUrl', 'Logo URL', { type: 'url', placeholder: 'https://…/logo.png' })}
        <div className="grid gap-4 sm:grid-cols-2">
          {colour('primaryColor', 'Primary colour')}
          {colour('secondaryColor', 'Secondary colour')}
        </div>
        {text('website', 'Website', { type: 'url', placeholder: 'https://' })}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('contactEmail', 'Contact email', { type: 'email' })}
          {text('contactPhone', 'Contact phone', { type: 'tel' })}
        </div>
        {text('address', 'Address', { maxLength: 300 })}
        <div className="flex justify-end">
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function PreferencesForm({ update, settings }: { update: SettingsUpdate; settings: OrgSettings }) {
  const { save, pending } = useSave(update, 'Preferences updated');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PreferencesInput, unknown, z.output<typeof preferencesSchema>>({
    resolver: zodResolver(preferencesSchema),
    defaultValues: {
      defaultRsvpPolicy: settings.defaultRsvpPolicy,
      autoApproveInvites: settings.autoApproveInvites,
      allowPublicRegistration: settings.allowPublicRegistration,
      emailFooter: settings.emailFooter ?? '',
    },
  });
  const onSubmit = handleSubmit((values) =>
    save(values, (error) =>
      applyServerFieldErrors(
        error,
        ['defaultRsvpPolicy', 'autoApproveInvites', 'allowPublicRegistration', 'emailFooter'],
        setError,
      ),
    ),
  );
  return (
    <Card className="p-5">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Preferences">
        <h2 className="text-base font-semibold text-slate-900">Preferences</h2>
        <Field id="settings-rsvp" label="Default RSVP policy" error={errors.defaultRsvpPolicy?.message}>
          <NativeSelect
            {...fieldControlProps('settings-rsvp', errors.defaultRsvpPolicy?.message)}
            {...register('defaultRsvpPolicy')}
          >
            <option value="required">Required</option>
            <option value="optional">Optional</option>
            <option value="disabled">Disabled</option>
          </NativeSelect>
        </Field>
        <label className={choiceLabelClassName}>
          <input type="checkbox" className={choiceInputClassName} {...register('autoApproveInvites')} />
          Approve invitations automatically
        </label>
        <label className={choiceLabelClassName}>
          <input type="checkbox" className={choiceInputClassName} {...register('allowPublicRegistration')} />
          Allow public registration
        </label>
        <Field id="settings-footer" label="Email footer" error={errors.emailFooter?.message}>
          <textarea
            {...fieldControlProps('settings-footer', errors.emailFooter?.message)}
            rows={3}
            maxLength={1000}
            className={textarea}
            {...register('emailFooter')}
          />
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : 'Update Preferences'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
