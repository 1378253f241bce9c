/**
 * Security headers on every response (telemetry answers: DATA_HEADERS only; JSON answers under
 * /api/: JSON_API_HEADERS, docs/adr/016-json-api-answers-carry-data-headers.md). The Content-Security-Policy allows scripts only from our
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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * What a JSON answer under /api/ carries instead of helmet's document headers: DATA_HEADERS, and a
 * policy under which the answer, opened as a page or framed, can load and run nothing
 * (docs/adr/016-json-api-answers-carry-data-headers.md).
 */
export const JSON_API_CSP = "default-src 'none'; frame-ancestors 'none'";
export const JSON_API_HEADERS: Readonly<Record<string, string>> = {
  ...DATA_HEADERS,
  'content-security-policy': JSON_API_CSP,
};

/** Requests whose answer gets JSON_API_HEADERS if it turns out to be JSON. */
function isApiPath(url: string): boolean {
  return url.startsWith('/api/');
}

/** application/json, or any `+json` type (problem+json…), with or without parameters. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

function answersJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && JSON_MEDIA_TYPE.test(contentType);
}

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

type HookDone = (error?: Error) => void;

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
  const runHelmet = (request: FastifyRequest, reply: FastifyReply, done: HookDone) =>
    // helmet's middleware only fails on options it rejects at build time, never per response.
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders === 'data') {
      void reply.headers(DATA_HEADERS);
      done();
      return;
    }
    // Most answers under /api/ are JSON: set its headers now and check the type once it is known.
    if (isApiPath(request.url)) {
      void reply.headers(JSON_API_HEADERS);
      done();
      return;
    }
    runHelmet(request, reply, done);
  });
  const { sites } = deps;
  const recaptcha = sites ? recaptchaOfSite() : undefined;
  /** The reCAPTCHA policy on the answer of a page-serving request when the site uses it. */
  const recaptchaPolicy = (reply: FastifyReply, done: HookDone) => {
    if (!sites || !recaptcha) {
      done();
      return;
    }
    // The cached site; when it cannot be read the base policy stands (it only ever allows less).
    sites.current().then(
      (site) => {
        if (recaptcha(site)) void reply.header('content-security-policy', RECAPTCHA_CSP);
        done();
      },
      () => done(),
    );
  };
  app.addHook('onSend', (request, reply, _payload, done) => {
    if (request.routeOptions.config.securityHeaders === 'data') {
      done();
      return;
    }
    if (isApiPath(request.url)) {
      if (answersJson(reply.getHeader('content-type'))) {
        done();
        return;
      }
      // Not JSON after all (a page, a redirect, an empty answer): helmet's headers, as before.
      // A policy the handler set itself stays; only the JSON one gives way to helmet's.
      if (reply.getHeader('content-security-policy') === JSON_API_CSP)
        void reply.removeHeader('content-security-policy');
      runHelmet(request, reply, (error) => (error ? done(error) : recaptchaPolicy(reply, done)));
      return;
    }
    recaptchaPolicy(reply, done);
  });
}
