/**
 * The origin of absolute links (emails, the sitemap, payment return): PUBLIC_URL when set,
 * else the request's own. Built once by the composition root (services.ts) and handed to the
 * modules that write links.
 */
export type PublicOrigin = (request: {
  readonly protocol: string;
  readonly host: string;
}) => string;

export function publicOriginOf(publicUrl: string | undefined): PublicOrigin {
  return (request) => publicUrl ?? `${request.protocol}://${request.host}`;
}
