/**
 * What the extra-fields form makes of /api/rest/forms/validate/{formId}'s answer (docs/behaviour/forms-and-captcha.md#extra-field-forms): 200 is valid; a refusal carries messages keyed by field id in `error.fields`, shown above
 * each field's title; anything else is one message above the form.
 */
import { BROWSER_MESSAGES } from '../browser-messages.ts';
import { FORM_MESSAGES } from './messages.ts';

export type ValidateOutcome =
  | { readonly kind: 'valid' }
  | { readonly kind: 'fields'; readonly errors: Readonly<Record<string, string>> }
  | { readonly kind: 'failed'; readonly message: string };

function errorObject(body: unknown): Record<string, unknown> | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error } = body as { error?: unknown };
  return typeof error === 'object' && error !== null
    ? (error as Record<string, unknown>)
    : undefined;
}

function stringEntries(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** Status 0 is a request that never got an answer (offline). */
export function validateOutcome(status: number, body: unknown): ValidateOutcome {
  if (status >= 200 && status < 300) return { kind: 'valid' };
  const error = errorObject(body);
  const fields = stringEntries(error?.fields);
  if (status === 400 && Object.keys(fields).length > 0) return { kind: 'fields', errors: fields };
  if (status === 429) return { kind: 'failed', message: BROWSER_MESSAGES.RATE_LIMITED };
  const message = typeof error?.message === 'string' ? error.message : undefined;
  return { kind: 'failed', message: message ?? FORM_MESSAGES.unknownError };
}
