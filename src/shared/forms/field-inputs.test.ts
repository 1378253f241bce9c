import { describe, expect, it } from 'vitest';
import type { FormFieldDefinition } from './field-types.ts';
import {
  answersFromEntries,
  entriesOfBody,
  fieldInputName,
  fieldPartLabels,
  partInputName,
} from './field-inputs.ts';

const FIELDS: FormFieldDefinition[] = [
  { id: 'intro', type: 'section', title: 'About you', underline: true },
  { id: 'name', type: 'name', title: 'Name' },
  { id: 'email', type: 'email', title: 'Email' },
  { id: 'phone', type: 'phone', title: 'Phone' },
  { id: 'intl', type: 'phone', title: 'Phone', showCountryCode: true },
  { id: 'date', type: 'date', title: 'Date' },
  { id: 'time', type: 'time', title: 'Time' },
  { id: 'address', type: 'address', title: 'Address' },
  { id: 'reply', type: 'radio', options: ['Email', 'Phone'] },
  { id: 'lines', type: 'checkbox', options: ['A', 'B', 'C'] },
  { id: 'topic', type: 'select', options: ['X', 'Y'] },
  { id: 'rate', type: 'likert', options: ['Speed', 'Care'] },
  { id: 'source', type: 'hidden', key: 'utm_source', value: 'page' },
  { id: 'total', type: 'currency', currencySymbol: '€' },
];

function entries(pairs: [string, string][]) {
  const params = new URLSearchParams();
  for (const [name, value] of pairs) params.append(name, value);
  return params;
}

describe('field input names and parts', () => {
  it('names one-value inputs f:{id} and parts f:{id}:{n}', () => {
    expect(fieldInputName('email')).toBe('f:email');
    expect(partInputName('name', 1)).toBe('f:name:1');
  });

  it('labels the parts of each composite type; a phone without country code shows three', () => {
    expect(fieldPartLabels({ type: 'name' })).toEqual(['First Name', 'Last Name']);
    expect(fieldPartLabels({ type: 'date' })).toEqual(['Month', 'Day', 'Year']);
    expect(fieldPartLabels({ type: 'time' })).toEqual(['Hour', 'Minute', 'Second', 'AM/PM']);
    expect(fieldPartLabels({ type: 'address' })).toHaveLength(6);
    expect(fieldPartLabels({ type: 'phone' })).toEqual(['Area Code', 'Prefix', 'Line']);
    expect(fieldPartLabels({ type: 'phone', showCountryCode: true })).toEqual([
      'Country',
      'Area Code',
      'Prefix',
      'Line',
    ]);
    expect(fieldPartLabels({ type: 'text' })).toEqual([]);
  });
});

describe('answersFromEntries (docs/behaviour/forms-and-captcha.md#field-value-shapes)', () => {
  const posted = entries([
    ['f:name:0', 'Ada'],
    ['f:name:1', 'Lovelace'],
    ['f:email', 'ada@example.com'],
    ['f:phone:0', '555'],
    ['f:phone:1', '123'],
    ['f:phone:2', '4567'],
    ['f:intl:0', '44'],
    ['f:intl:1', '20'],
    ['f:intl:2', '7946'],
    ['f:intl:3', '0000'],
    ['f:date:0', '12'],
    ['f:date:1', '24'],
    ['f:date:2', '2026'],
    ['f:time:0', '9'],
    ['f:time:1', '30'],
    ['f:time:2', '00'],
    ['f:time:3', 'AM'],
    ['f:address:0', '1 Quay St'],
    ['f:address:2', 'Lyon'],
    ['f:reply', 'Phone'],
    ['f:reply', 'Email'],
    ['f:lines', 'A'],
    ['f:lines', 'C'],
    ['f:topic', 'Y'],
    ['f:rate:1', 'Agree'],
    ['f:source', 'newsletter'],
    ['f:total', '12.50'],
    ['crumb', 'ignored'],
    ['f:intro', 'ignored'],
  ]);

  it('reads every field type in its shape', () => {
    expect(answersFromEntries(FIELDS, posted)).toEqual({
      name: ['Ada', 'Lovelace'],
      email: 'ada@example.com',
      phone: ['', '555', '123', '4567'],
      intl: ['44', '20', '7946', '0000'],
      date: ['12', '24', '2026'],
      time: ['9', '30', '00', 'AM'],
      address: ['1 Quay St', '', 'Lyon', '', '', ''],
      reply: 'Phone',
      lines: ['A', 'C'],
      topic: 'Y',
      rate: { Care: 'Agree' },
      source: 'newsletter',
      total: '12.50',
    });
  });

  it('leaves out what was not sent: no parts, no radio, the select prompt', () => {
    const answers = answersFromEntries(FIELDS, entries([['f:topic', '']]));
    expect(answers).toEqual({ lines: [], rate: {} });
  });

  it('reads a parsed form post body, where repeated inputs are arrays', () => {
    const body = { 'f:lines': ['A', 'B'], 'f:email': 'a@b.co', 'f:name:0': 'A', other: 1 };
    expect(answersFromEntries(FIELDS, entriesOfBody(body))).toMatchObject({
      lines: ['A', 'B'],
      email: 'a@b.co',
      name: ['A', ''],
    });
    expect(answersFromEntries(FIELDS, entriesOfBody(null))).toEqual({ lines: [], rate: {} });
  });
});
