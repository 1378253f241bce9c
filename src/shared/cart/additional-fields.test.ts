import { describe, expect, it } from 'vitest';
import { parseAdditionalFields } from './additional-fields.ts';

describe('parseAdditionalFields', () => {
  it('reads the text of a JSON object of answers keyed by field id', () => {
    expect(parseAdditionalFields('{"engraving":"A.B."}')).toEqual({
      ok: true,
      answers: { engraving: 'A.B.' },
    });
  });

  it('treats absent, null, empty and "null" text as no answers', () => {
    for (const text of [undefined, null, '', '  ', 'null']) {
      expect(parseAdditionalFields(text)).toEqual({ ok: true, answers: null });
    }
  });

  it.each([['{not json'], ['[1,2]'], ['"text"'], ['42'], ['true']])('refuses %j', (text) => {
    expect(parseAdditionalFields(text)).toEqual({ ok: false });
  });
});
