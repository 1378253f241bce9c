import { describe, expect, it } from 'vitest';
import { readExtraFieldAnswers } from './extra-field-answers.ts';
import type { FormFieldDefinition } from './field-types.ts';
import { validateFormAnswers } from './validate.ts';

/** A FormData stand-in: the posted pairs in order. */
function posted(pairs: [string, string][]) {
  return {
    getAll: (name: string) => pairs.filter(([key]) => key === name).map(([, value]) => value),
  };
}

const noQuery = new URLSearchParams();

describe('readExtraFieldAnswers', () => {
  const fields: FormFieldDefinition[] = [
    { id: 'intro', type: 'section', title: 'About you' },
    { id: 'initials', type: 'text', required: true },
    { id: 'thread', type: 'select', options: ['Navy', 'Red'] },
    { id: 'size', type: 'radio', options: ['S', 'M'] },
    { id: 'extras', type: 'checkbox', options: ['Box', 'Card'] },
    { id: 'who', type: 'name' },
    { id: 'phone', type: 'phone' },
    { id: 'rate', type: 'likert', options: ['Service', 'Price'] },
    { id: 'source', type: 'hidden', key: 'utm_source', value: 'product' },
  ];

  it('shapes every answer as the cart entry stores it', () => {
    const answers = readExtraFieldAnswers(
      fields,
      posted([
        ['fields[initials]', 'ABC'],
        ['fields[thread]', 'Navy'],
        ['fields[size]', 'M'],
        ['fields[extras]', 'Box'],
        ['fields[extras]', 'Card'],
        ['fields[who]', 'Ada'],
        ['fields[who]', 'Lovelace'],
        ['fields[phone]', '555'],
        ['fields[phone]', '123'],
        ['fields[phone]', '4567'],
        ['fields[rate][Service]', 'Agree'],
        ['fields[source]', 'product'],
      ]),
      noQuery,
    );
    expect(answers).toEqual({
      initials: 'ABC',
      thread: 'Navy',
      size: 'M',
      extras: ['Box', 'Card'],
      who: ['Ada', 'Lovelace'],
      phone: ['', '555', '123', '4567'],
      rate: { Service: 'Agree' },
      source: 'product',
    });
    expect(validateFormAnswers({ fields }, answers)).toEqual({});
  });

  it('gives empty values for unanswered fields, which required checks then report', () => {
    const answers = readExtraFieldAnswers(fields, posted([]), noQuery);
    expect(answers).toEqual({
      initials: '',
      thread: '',
      size: '',
      extras: [],
      who: [],
      phone: [],
      rate: {},
      source: 'product',
    });
    expect(validateFormAnswers({ fields }, answers)).toEqual({ initials: 'Required' });
  });

  it("fills a hidden field from the page's query parameter", () => {
    const answers = readExtraFieldAnswers(
      fields,
      posted([]),
      new URLSearchParams('utm_source=newsletter'),
    );
    expect(answers.source).toBe('newsletter');
  });

  it('ignores files and other non-text values', () => {
    const values = { getAll: () => [new Blob(['x'])] };
    expect(readExtraFieldAnswers([{ id: 'a', type: 'text' }], values, noQuery)).toEqual({ a: '' });
  });
});
