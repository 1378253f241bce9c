/**
 * The store's settings that the APIs hold, each as a form: the checkout's shipping options, tax
 * rates and coupons, pay-later, captcha and the cookie policy, the page-speed collector's
 * flags, and the outbox, so a merchant without SMTP sees that mail is not leaving.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client.ts';
import { useStoreCurrency } from '../api/products.ts';
import {
  PERFORMANCE_PATH,
  usePerformanceFlags,
  useSiteSettings,
  useStoreSettings,
} from '../api/settings.ts';
import { QueryBoundary } from '../components/PageState.tsx';
import { CheckoutSettingsForms } from './CheckoutSettingsForms.tsx';
import { OutboxSection } from './OutboxSection.tsx';
import { SiteSettingsForm } from './SiteSettingsForm.tsx';
import { SaveOutcome } from '../components/SaveOutcome.tsx';
import { Checkbox } from '../components/Checkbox.tsx';

function PerformanceFlagsForm({ flags }: { readonly flags: Readonly<Record<string, boolean>> }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<Record<string, boolean>>({ ...flags });
  const save = useMutation({
    mutationFn: () =>
      api<{ flags: Record<string, boolean> }>(PERFORMANCE_PATH, {
        method: 'PUT',
        body: { flags: draft },
      }),
    onSuccess: (saved) => client.setQueryData(['performance-flags'], saved),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const names = Object.keys(draft).sort();
  return (
    <form onSubmit={submit} className="panel" aria-labelledby="perf-heading">
      <h2 id="perf-heading">Performance flags</h2>
      {names.length === 0 ? <p>No page-speed flags are set.</p> : null}
      {names.map((name) => (
        <Checkbox
          key={name}
          label={name}
          checked={draft[name] ?? false}
          onChange={(checked) => setDraft((current) => ({ ...current, [name]: checked }))}
        />
      ))}
      <button type="submit" disabled={save.isPending}>
        Save flags
      </button>
      <SaveOutcome save={save} />
    </form>
  );
}

export function SettingsPage() {
  const currency = useStoreCurrency();
  const store = useStoreSettings();
  const site = useSiteSettings();
  const flags = usePerformanceFlags();
  return (
    <div className="settings-page">
      <h1>Settings</h1>
      <QueryBoundary query={site} what="the site settings" forbiddenTo="change settings">
        {(settings) => <SiteSettingsForm settings={settings} currency={currency} />}
      </QueryBoundary>
      <QueryBoundary query={store} what="the checkout settings" forbiddenTo="see store settings">
        {(settings) => <CheckoutSettingsForms settings={settings} currency={currency} />}
      </QueryBoundary>
      <QueryBoundary query={flags} what="the performance flags" forbiddenTo="see performance flags">
        {(data) => <PerformanceFlagsForm flags={data.flags} />}
      </QueryBoundary>
      <OutboxSection />
    </div>
  );
}
