/**
 * The store's settings that the APIs hold: the checkout's shipping options, tax rates and
 * coupons (as stored), pay-later, captcha and the cookie policy, the page-speed collector's
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
  type StoreSettings,
} from '../api/settings.ts';
import { QueryBoundary } from '../components/PageState.tsx';
import { formatMoney, formatPercent } from '../format.ts';
import { OutboxSection } from './OutboxSection.tsx';
import { SiteSettingsForm } from './SiteSettingsForm.tsx';

function money(value: unknown, currency: string): string {
  return typeof value === 'number' ? formatMoney(value, currency) : '—';
}

function CheckoutSettings({
  settings,
  currency,
}: {
  readonly settings: StoreSettings;
  readonly currency: string;
}) {
  return (
    <section className="panel" aria-labelledby="checkout-heading">
      <h2 id="checkout-heading">Shipping, tax and coupons</h2>
      <h3>Shipping options</h3>
      <ul className="plain-list">
        {settings.shippingRates.map((rate) => (
          <li key={rate.id}>
            {rate.name}: {money(rate.amountCents, currency)}
          </li>
        ))}
      </ul>
      <h3>Tax rates</h3>
      <ul className="plain-list">
        {settings.taxRules.map((rule) => (
          <li key={rule.id}>
            {rule.name} ({rule.country}
            {rule.region ? `-${rule.region}` : ''}): {formatPercent(rule.rateBasisPoints / 10_000)}
          </li>
        ))}
      </ul>
      <h3>Coupons</h3>
      <ul className="plain-list">
        {settings.coupons.map((coupon) => (
          <li key={coupon.code}>
            <code>{coupon.code}</code>{' '}
            {typeof coupon.percent === 'number'
              ? `${String(coupon.percent)}% off`
              : money(coupon.amountCents, currency)}
          </li>
        ))}
      </ul>
    </section>
  );
}

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
        <label key={name} className="checkbox">
          <input
            type="checkbox"
            checked={draft[name] ?? false}
            onChange={(e) => setDraft((current) => ({ ...current, [name]: e.target.checked }))}
          />
          {name}
        </label>
      ))}
      <button type="submit" disabled={save.isPending}>
        Save flags
      </button>
      {save.isSuccess ? <p role="status">Saved.</p> : null}
      {save.error ? (
        <p className="form-error" role="alert">
          {save.error.message}
        </p>
      ) : null}
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
        {(settings) => <CheckoutSettings settings={settings} currency={currency} />}
      </QueryBoundary>
      <QueryBoundary query={flags} what="the performance flags" forbiddenTo="see performance flags">
        {(data) => <PerformanceFlagsForm flags={data.flags} />}
      </QueryBoundary>
      <OutboxSection />
    </div>
  );
}
