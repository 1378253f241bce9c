/** The origin of links emailed to owners: PUBLIC_URL when set, else the request's own. */
import type { FastifyRequest } from 'fastify';

export function linkOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  // Behind a proxy request.host honours X-Forwarded-Host only from TRUSTED_PROXIES; PUBLIC_URL
  // pins the origin so a forged Host header can never point a link elsewhere.
  return (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}
