/**
 * Pay-later, captcha and cookie policy as one form, saved through the site-settings PUT; a
 * refused value is shown beside its field.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { api, ApiError } from '../api/client.ts';
import { SITE_SETTINGS_PATH, type SiteSettings } from '../api/settings.ts';
import { minorPerMajor } from '../format.ts';
import { SaveOutcome } from '../components/SaveOutcome.tsx';
import { useFocusFirstInvalid } from '../components/focus-first-invalid.ts';

/** The error keys this form shows beside an input; any other refusal is shown as a whole. */
const SHOWN_FIELDS = [
  'payLater.stripeAccountCountry',
  'payLater.minCents',
  'payLater.maxCents',
  'captchaSettings.siteKey',
];

export function SiteSettingsForm({
  settings,
  currency,
}: {
  readonly settings: SiteSettings;
  readonly currency: string;
}) {
  const client = useQueryClient();
  const unit = minorPerMajor(currency);
  const [teaser, setTeaser] = useState(settings.payLaterTeaser);
  const [country, setCountry] = useState(settings.payLater.stripeAccountCountry);
  const [min, setMin] = useState(String(settings.payLater.minCents / unit));
  const [max, setMax] = useState(String(settings.payLater.maxCents / unit));
  const [captchaOn, setCaptchaOn] = useState(Boolean(settings.captchaSettings.siteKey));
  const [provider, setProvider] = useState(settings.captchaSettings.provider);
  const [siteKey, setSiteKey] = useState(settings.captchaSettings.siteKey ?? '');
  const [banner, setBanner] = useState(settings.cookieSettings.isCookieBannerEnabled);
  const [restrictive, setRestrictive] = useState(
    settings.cookieSettings.isRestrictiveCookiePolicyEnabled,
  );
  const save = useMutation({
    mutationFn: () =>
      api<SiteSettings>(SITE_SETTINGS_PATH, {
        method: 'PUT',
        body: {
          payLaterTeaser: teaser,
          payLater: {
            stripeAccountCountry: country.trim().toUpperCase(),
            minCents: Math.round(Number(min) * unit),
            maxCents: Math.round(Number(max) * unit),
          },
          // ALTCHA runs on this server: any key switches it on; reCAPTCHA needs Google's key.
          captchaSettings: captchaOn ? { provider, siteKey: siteKey.trim() || 'on' } : { provider },
          cookieSettings: {
            ...settings.cookieSettings,
            isCookieBannerEnabled: banner,
            isRestrictiveCookiePolicyEnabled: restrictive,
          },
        },
      }),
    onSuccess: (saved) => client.setQueryData(['site-settings'], saved),
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, save.error);
  const ids = useId();
  const errorId = (key: string) => `${ids}-${key.replaceAll('.', '-')}-error`;
  const error = (key: string) =>
    fields[key] ? (
      <p className="field-error" id={errorId(key)}>
        {fields[key]}
      </p>
    ) : null;
  const described = (key: string) =>
    fields[key] ? { 'aria-invalid': true, 'aria-describedby': errorId(key) } : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form
      ref={form}
      onSubmit={submit}
      className="panel"
      aria-labelledby="site-settings-heading"
      noValidate
    >
      <h2 id="site-settings-heading">Pay later, captcha and cookies</h2>
      <fieldset>
        <legend>Pay later</legend>
        <label className="checkbox">
          <input type="checkbox" checked={teaser} onChange={(e) => setTeaser(e.target.checked)} />
          Show the pay-later message on product and cart pages
        </label>
        <label>
          Payment account country
          <input
            value={country}
            maxLength={2}
            onChange={(e) => setCountry(e.target.value)}
            {...described('payLater.stripeAccountCountry')}
          />
        </label>
        {error('payLater.stripeAccountCountry')}
        <label>
          From price ({currency})
          <input
            inputMode="decimal"
            value={min}
            onChange={(e) => setMin(e.target.value)}
            {...described('payLater.minCents')}
          />
        </label>
        {error('payLater.minCents')}
        <label>
          Up to price ({currency})
          <input
            inputMode="decimal"
            value={max}
            onChange={(e) => setMax(e.target.value)}
            {...described('payLater.maxCents')}
          />
        </label>
        {error('payLater.maxCents')}
      </fieldset>
      <fieldset>
        <legend>Captcha on forms</legend>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={captchaOn}
            onChange={(e) => setCaptchaOn(e.target.checked)}
          />
          Ask for a captcha on forms that enable it
        </label>
        <label>
          Provider
          <select
            value={provider}
            onChange={(e) => setProvider(e.target.value as 'altcha' | 'recaptcha')}
          >
            <option value="altcha">ALTCHA (on this server)</option>
            <option value="recaptcha">reCAPTCHA</option>
          </select>
        </label>
        <label>
          Site key (reCAPTCHA)
          <input
            value={siteKey}
            onChange={(e) => setSiteKey(e.target.value)}
            {...described('captchaSettings.siteKey')}
          />
        </label>
        {error('captchaSettings.siteKey')}
      </fieldset>
      <fieldset>
        <legend>Cookie policy</legend>
        <label className="checkbox">
          <input type="checkbox" checked={banner} onChange={(e) => setBanner(e.target.checked)} />
          Show the cookie banner
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={restrictive}
            onChange={(e) => setRestrictive(e.target.checked)}
          />
          Wait for consent before analytics cookies
        </label>
      </fieldset>
      <button type="submit" disabled={save.isPending}>
        Save settings
      </button>
      <SaveOutcome save={save} fieldErrorsShown={SHOWN_FIELDS.some((key) => fields[key])} />
    </form>
  );
}
