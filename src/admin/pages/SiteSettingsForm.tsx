/**
 * Pay-later, captcha and cookie policy as one form, saved through the site-settings PUT; a
 * refused value is shown beside its field. Unsaved values are kept in the tab through a login
 * that ends mid-edit (form-draft.ts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { SITE_SETTINGS_PATH, type SiteSettings } from '../api/settings.ts';
import { useFormDraft } from '../form-draft.ts';
import { minorPerMajor } from '../format.ts';
import { DraftNotice } from '../components/DraftNotice.tsx';
import { SaveOutcome } from '../components/SaveOutcome.tsx';
import { useFieldErrors } from '../components/field-errors.tsx';
import { SaveForm } from '../components/SaveForm.tsx';
import { LabelledInput } from '../components/LabelledInput.tsx';
import { Checkbox } from '../components/Checkbox.tsx';
import { draftInputs } from '../components/draft-inputs.ts';

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
  const draft = useFormDraft('site-settings', {
    teaser: settings.payLaterTeaser,
    country: settings.payLater.stripeAccountCountry,
    min: String(settings.payLater.minCents / unit),
    max: String(settings.payLater.maxCents / unit),
    captchaOn: Boolean(settings.captchaSettings.siteKey),
    provider: String(settings.captchaSettings.provider),
    siteKey: settings.captchaSettings.siteKey ?? '',
    banner: settings.cookieSettings.isCookieBannerEnabled,
    restrictive: settings.cookieSettings.isRestrictiveCookiePolicyEnabled,
  });
  const { teaser, country, min, max, captchaOn, siteKey, banner, restrictive } = draft.values;
  // A draft holds strings: only a provider this form offers is sent.
  const provider = draft.values.provider === 'recaptcha' ? 'recaptcha' : 'altcha';
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
    onSuccess: (saved) => {
      draft.clear();
      client.setQueryData(['site-settings'], saved);
    },
  });
  const errors = useFieldErrors(save.error);
  const inputs = draftInputs(draft, errors);
  return (
    <SaveForm save={save} errors={errors} className="panel" aria-labelledby="site-settings-heading">
      <h2 id="site-settings-heading">Pay later, captcha and cookies</h2>
      <DraftNotice draft={draft} what="these settings" />
      <fieldset>
        <legend>Pay later</legend>
        <Checkbox
          label="Show the pay-later message on product and cart pages"
          {...inputs.checkbox('teaser')}
        />
        <LabelledInput
          label="Payment account country"
          maxLength={2}
          {...inputs.text('country', 'payLater.stripeAccountCountry')}
        />
        <LabelledInput
          label={`From price (${currency})`}
          inputMode="decimal"
          {...inputs.text('min', 'payLater.minCents')}
        />
        <LabelledInput
          label={`Up to price (${currency})`}
          inputMode="decimal"
          {...inputs.text('max', 'payLater.maxCents')}
        />
      </fieldset>
      <fieldset>
        <legend>Captcha on forms</legend>
        <Checkbox
          label="Ask for a captcha on forms that enable it"
          {...inputs.checkbox('captchaOn')}
        />
        <label>
          Provider
          <select value={provider} onChange={(e) => draft.set('provider', e.target.value)}>
            <option value="altcha">ALTCHA (on this server)</option>
            <option value="recaptcha">reCAPTCHA</option>
          </select>
        </label>
        <LabelledInput
          label="Site key (reCAPTCHA)"
          {...inputs.text('siteKey', 'captchaSettings.siteKey')}
        />
      </fieldset>
      <fieldset>
        <legend>Cookie policy</legend>
        <Checkbox label="Show the cookie banner" {...inputs.checkbox('banner')} />
        <Checkbox
          label="Wait for consent before analytics cookies"
          {...inputs.checkbox('restrictive')}
        />
      </fieldset>
      <button type="submit" disabled={save.isPending}>
        Save settings
      </button>
      <SaveOutcome save={save} fieldErrorsShown={errors.shownFor(SHOWN_FIELDS)} />
    </SaveForm>
  );
}
