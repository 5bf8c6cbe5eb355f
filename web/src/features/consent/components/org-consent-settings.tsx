import { CONSENT_TEXT_MAX, type OrgConsentSettings, type UnknownConsentPolicy } from '@sideline/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { NativeSelect } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useOrgConsentSettings, useUpdateOrgConsentSettings } from '../api.ts';

const textarea =
  'block w-full rounded-xl border border-slate-200 bg-white px-3.5 py-2.5 text-base shadow-xs focus:border-brand-500 focus:ring-3 focus:ring-brand-500/15 focus:outline-none aria-invalid:border-red-400 sm:text-sm';

/**
 * The organization's consent wording and its version, and how an unanswered team-only consent
 * counts (ADR 0026). Saving a changed wording makes a new version: every guardian is asked again.
 */
export function OrgConsentSettingsCard({ orgId }: { orgId: string }) {
  const settings = useOrgConsentSettings(orgId);
  if (settings.isPending) return <Skeleton className="h-64" />;
  if (settings.isError) {
    return (
      <LoadError
        title="Failed to fetch the consent settings"
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  return <ConsentForm orgId={orgId} settings={settings.data} />;
}

function ConsentForm({ orgId, settings }: { orgId: string; settings: OrgConsentSettings }) {
  const update = useUpdateOrgConsentSettings(orgId);
  const [text, setText] = useState(settings.text);
  const [policy, setPolicy] = useState<UnknownConsentPolicy>(settings.unknownTeamOnly);
  const [error, setError] = useState<string | undefined>();
  const wordingChanged = text.trim() !== settings.text;
  const changed = wordingChanged || policy !== settings.unknownTeamOnly;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const wording = text.trim();
    if (wording === '') return setError('Consent text is required');
    if (wording.length > CONSENT_TEXT_MAX)
      return setError(`Consent text must be at most ${CONSENT_TEXT_MAX} characters`);
    setError(undefined);
    update.mutate(
      {
        ...(wordingChanged ? { text: wording } : {}),
        ...(policy !== settings.unknownTeamOnly ? { unknownTeamOnly: policy } : {}),
      },
      {
        onSuccess: (saved) =>
          toast({
            title: 'Consent settings saved',
            description: wordingChanged
              ? `Wording version ${saved.version}: guardians will be asked again.`
              : undefined,
          }),
        onError: (failure) => {
          if (isApiError(failure)) setError(failure.fieldErrors.text?.[0]);
          toast({ variant: 'destructive', title: 'Update failed', description: getErrorMessage(failure) });
        },
      },
    );
  };

  return (
    <Card className="p-5">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Consent">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Consent for photos, streams and data</h2>
          <p className="text-sm text-slate-600">
            Wording version {settings.version}
            {settings.updatedAt ? `, changed ${new Date(settings.updatedAt).toLocaleDateString()}` : ''}
          </p>
        </div>
        <Field id="consent-text" label="Consent wording" error={error}>
          <textarea
            {...fieldControlProps('consent-text', error)}
            rows={6}
            className={textarea}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </Field>
        {wordingChanged ? (
          <p className="text-sm text-amber-700" role="note">
            Saving a new wording makes version {settings.version + 1}: every guardian is asked to answer again.
          </p>
        ) : null}
        <Field id="consent-unknown" label="Until a guardian answers, team-only photos and streams are">
          <NativeSelect
            {...fieldControlProps('consent-unknown', undefined)}
            value={policy}
            onChange={(event) => setPolicy(event.target.value as UnknownConsentPolicy)}
          >
            <option value="askFirst">Not allowed (ask first)</option>
            <option value="granted">Allowed</option>
          </NativeSelect>
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={update.isPending || !changed}>
            {update.isPending ? 'Saving...' : 'Save Consent Settings'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
