import { describe, expect, it } from 'vitest';
import { siteFileJsonSchema } from './json-schema.ts';

describe('siteFileJsonSchema', () => {
  it('describes the top level and marks defaulted fields optional', () => {
    const schema = siteFileJsonSchema();
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.required).toEqual(['website']);
    expect(Object.keys(schema.properties as object)).toEqual([
      'website',
      'collections',
      'pages',
      'products',
      'forms',
      'reviews',
      'posts',
      'events',
    ]);
    expect(schema.additionalProperties).toBe(false);
  });
});
