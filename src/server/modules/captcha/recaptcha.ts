/**
 * reCAPTCHA verification: the answer token is posted to the provider's verify URL with the
 * configured secret. Any failure (network, timeout, non-200, malformed answer) counts as not
 * verified: a visitor can retry, and a bot gets no pass when the provider is unreachable.
 */

export const RECAPTCHA_TIMEOUT_MS = 5000;

export interface RecaptchaOptions {
  readonly secret: string;
  readonly verifyUrl: string;
  readonly timeoutMs?: number;
}

export async function verifyRecaptcha(
  options: RecaptchaOptions,
  token: string,
  remoteIp: string,
): Promise<boolean> {
  if (token.length === 0 || token.length > 4000) return false;
  try {
    const response = await fetch(options.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        secret: options.secret,
        response: token,
        remoteip: remoteIp,
      }).toString(),
      signal: AbortSignal.timeout(options.timeoutMs ?? RECAPTCHA_TIMEOUT_MS),
    });
    if (response.status !== 200) return false;
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && 'success' in body && body.success === true;
  } catch {
    return false;
  }
}
