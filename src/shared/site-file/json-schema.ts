/**
 * The site file format as JSON Schema (draft 2020-12), for editors and tools that read
 * demo/site.json. It describes the structure and per-field limits; the rules across records
 * (unique ids, references, variant options) are checked by parseSiteFile only.
 */
import { z } from 'zod';
import { siteFileSchema } from './file.ts';

export function siteFileJsonSchema(): Record<string, unknown> {
  // io 'input': fields with defaults are optional in a file. Refinements cannot be expressed
  // in JSON Schema; 'any' leaves them out instead of failing.
  return z.toJSONSchema(siteFileSchema, { io: 'input', unrepresentable: 'any' });
}
