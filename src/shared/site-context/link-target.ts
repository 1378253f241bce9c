/**
 * Link targets (docs/behaviour/storefront-pages.md#link-targets: a page, a web address, an email with
 * To, CC, BCC, Subject and Body, a phone number, a file) and the href each renders as.
 * A target that cannot be a safe link (a `javascript:` address, a phone number without digits)
 * renders no href at all: the caller shows its title as plain text.
 */
import { z } from 'zod';

const text = z.string().trim().max(2000);

export const linkTargetSchema = z.discriminatedUnion('type', [
  /** A page of this site by its path. */
  z.strictObject({ type: z.literal('page'), fullUrl: z.string().min(1).max(2000) }),
  /** A web address; "example.com" counts as https://example.com. */
  z.strictObject({ type: z.literal('url'), url: text.min(1), newWindow: z.boolean().optional() }),
  z.strictObject({
    type: z.literal('email'),
    to: text.min(1),
    cc: text.optional(),
    bcc: text.optional(),
    subject: text.optional(),
    body: z.string().max(10_000).optional(),
  }),
  z.strictObject({ type: z.literal('phone'), number: z.string().trim().min(1).max(50) }),
  /** A file of the site (a path) or elsewhere (an address); opens in a new window by default. */
  z.strictObject({ type: z.literal('file'), url: text.min(1), newWindow: z.boolean().optional() }),
]);
export type LinkTarget = z.infer<typeof linkTargetSchema>;

export interface RenderedLink {
  /** Undefined when the target is not a safe link. */
  readonly href: string | undefined;
  /** Open in a new window (target="_blank" rel="noopener"). */
  readonly newWindow: boolean;
}

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const WEB_SCHEMES = new Set(['http', 'https']);

/** A site path ("/shop") stays as it is; "//host" is not a site path. */
function sitePath(value: string): string | undefined {
  return value.startsWith('/') && !value.startsWith('//') ? value : undefined;
}

function webAddress(value: string): string | undefined {
  const trimmed = value.trim();
  const path = sitePath(trimmed);
  if (path !== undefined) return path;
  const scheme = SCHEME.exec(trimmed)?.[1]?.toLowerCase();
  const candidate = scheme === undefined ? `https://${trimmed.replace(/^\/\//, '')}` : trimmed;
  if (scheme !== undefined && !WEB_SCHEMES.has(scheme)) return undefined;
  try {
    return new URL(candidate).href;
  } catch {
    return undefined;
  }
}

/** Addresses separated by commas or semicolons, each percent-encoded except its "@". */
function addressList(value: string | undefined): string {
  return (value ?? '')
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter((address) => address !== '')
    .map((address) => encodeURIComponent(address).replace(/%40/g, '@'))
    .join(',');
}

/** RFC 6068: header values percent-encoded, line breaks in the body as CRLF. */
function mailto(target: Extract<LinkTarget, { type: 'email' }>): string | undefined {
  const to = addressList(target.to);
  if (to === '') return undefined;
  const fields: [string, string][] = [];
  const cc = addressList(target.cc);
  const bcc = addressList(target.bcc);
  if (cc !== '') fields.push(['cc', cc]);
  if (bcc !== '') fields.push(['bcc', bcc]);
  if (target.subject) fields.push(['subject', encodeURIComponent(target.subject)]);
  if (target.body) fields.push(['body', encodeURIComponent(target.body.replace(/\r?\n/g, '\r\n'))]);
  const query = fields.map(([name, value]) => `${name}=${value}`).join('&');
  return `mailto:${to}${query === '' ? '' : `?${query}`}`;
}

/** Keeps what a dialler reads: a leading +, digits, * and #; at least one digit. */
function tel(number: string): string | undefined {
  const trimmed = number.trim();
  const digits = trimmed.replace(/[^0-9*#]/g, '');
  if (!/[0-9]/.test(digits)) return undefined;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

export function renderLinkTarget(target: LinkTarget): RenderedLink {
  switch (target.type) {
    case 'page':
      return { href: sitePath(target.fullUrl), newWindow: false };
    case 'url':
      return { href: webAddress(target.url), newWindow: target.newWindow ?? false };
    case 'email':
      return { href: mailto(target), newWindow: false };
    case 'phone':
      return { href: tel(target.number), newWindow: false };
    case 'file':
      return { href: webAddress(target.url), newWindow: target.newWindow ?? true };
  }
}
