/**
 * A urlencoded form body as text fields, for the no-JavaScript page forms (checkout, account):
 * anything that is not text reads as absent, so a form handler never meets an array or object.
 */
import type { FastifyRequest } from 'fastify';

export function formFields(request: FastifyRequest): Readonly<Record<string, string>> {
  const body = request.body;
  if (typeof body !== 'object' || body === null) return {};
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body))
    if (typeof value === 'string') fields[key] = value;
  return fields;
}
