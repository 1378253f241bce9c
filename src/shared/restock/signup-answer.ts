/**
 * What the restock form shows for the JSON sign-up's answer (docs/behaviour/restock.md#the-restock-form): success on 2xx; otherwise the server's `data.message` (the restock
 * routes' error shape), else the catalog `error.message`, else a generic message when no
 * answer came (offline) or it could not be read.
 */
import { BROWSER_MESSAGES } from '../browser-messages.ts';
import { FORM_MESSAGES } from '../forms/messages.ts';

export type RestockSignupOutcome =
  { readonly ok: true } | { readonly ok: false; readonly message: string };

function messageAt(body: unknown, key: 'data' | 'error'): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const part = (body as Record<string, unknown>)[key];
  if (typeof part !== 'object' || part === null) return undefined;
  const { message } = part as { message?: unknown };
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

export function restockSignupOutcome(status: number, body: unknown): RestockSignupOutcome {
  if (status >= 200 && status < 300) return { ok: true };
  const message = messageAt(body, 'data') ?? messageAt(body, 'error');
  if (message !== undefined) return { ok: false, message };
  if (status === 429) return { ok: false, message: BROWSER_MESSAGES.RATE_LIMITED };
  return { ok: false, message: FORM_MESSAGES.unknownError };
}
