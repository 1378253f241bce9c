/**
 * Share links of a post, following the site's `shareButtonOptions` (docs/behaviour/templates.md#share-links): plain links to each service's share page, so they work without JavaScript and
 * load nothing from the services until clicked. The setting is a map of service name to on/off
 * (`{ "facebook": true, "x": true, "email": false }`) or a list of the names that are on; no
 * setting (or nothing on) shows no share links. Unknown names are ignored.
 */

export const SHARE_SERVICES = [
  'facebook',
  'x',
  'linkedin',
  'pinterest',
  'reddit',
  'email',
] as const;
export type ShareService = (typeof SHARE_SERVICES)[number];

export interface ShareLink {
  readonly service: ShareService;
  /** Accessible name of the link. */
  readonly label: string;
  readonly url: string;
}

const LABELS: Record<ShareService, string> = {
  facebook: 'Share on Facebook',
  x: 'Share on X',
  linkedin: 'Share on LinkedIn',
  pinterest: 'Pin on Pinterest',
  reddit: 'Share on Reddit',
  email: 'Share by email',
};

/** "twitter" is the older name of "x". */
function serviceName(name: string): ShareService | undefined {
  const lower = name.toLowerCase();
  const canonical = lower === 'twitter' ? 'x' : lower;
  return (SHARE_SERVICES as readonly string[]).includes(canonical)
    ? (canonical as ShareService)
    : undefined;
}

export function enabledShareServices(options: unknown): ShareService[] {
  const names: string[] = Array.isArray(options)
    ? options.filter((name): name is string => typeof name === 'string')
    : typeof options === 'object' && options !== null
      ? Object.entries(options)
          .filter(([, on]) => on === true)
          .map(([name]) => name)
      : [];
  const enabled = new Set(names.flatMap((name) => serviceName(name) ?? []));
  return SHARE_SERVICES.filter((service) => enabled.has(service));
}

function shareUrl(service: ShareService, url: string, title: string): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  switch (service) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'x':
      return `https://x.com/intent/tweet?url=${u}&text=${t}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'pinterest':
      return `https://www.pinterest.com/pin/create/button/?url=${u}&description=${t}`;
    case 'reddit':
      return `https://www.reddit.com/submit?url=${u}&title=${t}`;
    case 'email':
      return `mailto:?subject=${t}&body=${u}`;
  }
}

export function shareLinks(options: unknown, url: string, title: string): ShareLink[] {
  return enabledShareServices(options).map((service) => ({
    service,
    label: LABELS[service],
    url: shareUrl(service, url, title),
  }));
}
