/**
 * Security headers on every response (telemetry answers: DATA_HEADERS only, see below). The Content-Security-Policy allows scripts only from our
 * own origin: pages carry no inline script (the client code is linked by src, page-scripts.ts),
 * no inline styles or event-handler attributes, and island props and the page context travel
 * as inert JSON in data attributes. The site-pages integration test checks the rendered pages
 * against these rules, so a template that breaks them fails there rather than in a browser.
 *
 * One exception, per site: a site whose page forms use reCAPTCHA (captchaSettings with a siteKey
 * and provider "recaptcha") loads Google's script and widget frame, so its responses also admit
 * exactly the sources Google's reCAPTCHA FAQ lists for a CSP, https://www.google.com/recaptcha/
 * and https://www.gstatic.com/recaptcha/, in script-src and frame-src. Every other site (ALTCHA,
 * the default, is served from our own origin) keeps the policy above, unchanged.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { formSiteSettingsSchema, siteCaptcha } from '../../shared/forms/site-settings.ts';
import type { CurrentSite, SiteResolver } from './current-site.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'data': the route answers machines, never a document (telemetry beacons): its answers carry
     * DATA_HEADERS instead of helmet's document headers.
     */
    securityHeaders?: 'data';
  }
}

/**
 * What a telemetry answer carries instead of helmet's headers: the policy, framing, referrer and
 * opener headers govern documents, and a beacon's answer is a few bytes of JSON no page shows.
 * No type sniffing and no reading by other origins' pages stay on it, as on every answer.
 */
export const DATA_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
};

type Directives = Readonly<Record<string, readonly string[]>>;

/** The policy of every response (helmet's directive names, camelCase). */
export const CSP_DIRECTIVES: Directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // No inline event handlers (onclick=…) either: islands attach their handlers in code.
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  frameAncestors: ["'self'"],
  formAction: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
};

/** Where reCAPTCHA's script and its widget frame come from. */
export const RECAPTCHA_SOURCES = [
  'https://www.google.com/recaptcha/',
  'https://www.gstatic.com/recaptcha/',
] as const;

/** The policy of a reCAPTCHA site: the base policy plus the provider's sources. */
export const RECAPTCHA_CSP_DIRECTIVES: Directives = {
  ...CSP_DIRECTIVES,
  scriptSrc: [...(CSP_DIRECTIVES.scriptSrc ?? []), ...RECAPTCHA_SOURCES],
  frameSrc: ["'self'", ...RECAPTCHA_SOURCES],
};

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** The header's value, written as helmet writes it. */
export function serializeCsp(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`)
    .join(';');
}

const RECAPTCHA_CSP = serializeCsp(RECAPTCHA_CSP_DIRECTIVES);

/**
 * The base policy whose forms may also lead to `origins`: the checkout form's post is answered
 * with a redirect to a hosted payment page (Stripe Checkout), which form-action governs too.
 */
export function cspAllowingFormTargets(origins: readonly string[]): string {
  return serializeCsp({ ...CSP_DIRECTIVES, formAction: ["'self'", ...origins] });
}

/** Whether the site's page forms load reCAPTCHA. */
export function usesRecaptcha(site: CurrentSite | undefined): boolean {
  const settings = formSiteSettingsSchema.safeParse(site?.settings ?? {});
  if (!settings.success) return false;
  const captcha = siteCaptcha(settings.data);
  return captcha.on && captcha.provider === 'recaptcha';
}

/**
 * usesRecaptcha once per loaded site rather than once per response: the resolver hands out the
 * same CurrentSite until the site changes, and a changed site is a new object.
 */
function recaptchaOfSite(): (site: CurrentSite | undefined) => boolean {
  const known = new WeakMap<CurrentSite, boolean>();
  return (site) => {
    if (!site) return false;
    let answer = known.get(site);
    if (answer === undefined) {
      answer = usesRecaptcha(site);
      known.set(site, answer);
    }
    return answer;
  };
}

export interface SecurityHeaderDeps {
  /** The site of each response; without it every response gets the base policy. */
  readonly sites?: SiteResolver;
}

export function registerSecurityHeaders(app: FastifyInstance, deps: SecurityHeaderDeps = {}): void {
  // Built once: helmet's middleware only sets the headers it worked out here (ADR 007).
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(
        Object.entries(CSP_DIRECTIVES).map(([name, sources]) => [name, [...sources]]),
      ),
    },
    // Same-origin embedding is allowed: the builder previews sites inside a design frame.
    frameguard: { action: 'sameorigin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders === 'data') {
      void reply.headers(DATA_HEADERS);
      done();
      return;
    }
    // helmet's middleware only fails on options it rejects at build time, never per response.
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  const { sites } = deps;
  if (!sites) return;
  const recaptcha = recaptchaOfSite();
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config.securityHeaders === 'data') return;
    // The cached site; when it cannot be read the base policy stands (it only ever allows less).
    const site = await sites.current().catch(() => undefined);
    if (recaptcha(site)) void reply.header('content-security-policy', RECAPTCHA_CSP);
  });
}
