import { describe, expect, it } from 'vitest';
import type { FormFieldDefinition } from './field-types.ts';
import { normalizeFormAnswers, TEXT_PART_LIMIT, validateFormAnswers } from './validate.ts';

const form = (...fields: FormFieldDefinition[]) => ({ fields });
const EMAIL_MESSAGE =
  'Email is not valid. Email addresses should follow the format name@example.com.';

describe('validateFormAnswers: required', () => {
  it.each([
    ['text', ''],
    ['text', '   '],
    ['textarea', undefined],
    ['email', ''],
    ['number', null],
    ['website', ''],
    ['currency', ''],
    ['radio', ''],
    ['select', ''],
    ['checkbox', []],
    ['name', ['', ' ']],
    ['address', []],
    ['date', ['', '', '']],
    ['time', []],
    ['phone', ['', '', '']],
  ] as const)('an empty required %s field gives exactly "Required"', (type, value) => {
    const field: FormFieldDefinition = {
      id: 'f',
      type,
      required: true,
      ...(type === 'radio' || type === 'select' || type === 'checkbox' ? { options: ['a'] } : {}),
    };
    expect(validateFormAnswers(form(field), { f: value })).toEqual({ f: 'Required' });
  });

  it('an optional empty field passes', () => {
    expect(validateFormAnswers(form({ id: 'f', type: 'text' }), {})).toEqual({});
  });

  it('likert is never required-checked, hidden neither', () => {
    const fields = form(
      { id: 'l', type: 'likert', required: true, options: ['Q1'] },
      { id: 'h', type: 'hidden', required: true, key: 'ref' },
    );
    expect(validateFormAnswers(fields, { l: {}, h: '' })).toEqual({});
  });

  it('sections are skipped whatever they carry', () => {
    const fields = form({ id: 's', type: 'section', required: true, maxLength: 1 });
    expect(validateFormAnswers(fields, { s: 'long text', x: 1 })).toEqual({});
  });

  it('reports every failing field at once, keyed by field id', () => {
    const fields = form(
      { id: 'a', type: 'text', required: true },
      { id: 'b', type: 'email' },
      { id: 'c', type: 'textarea', maxLength: 3 },
      { id: 'd', type: 'text' },
    );
    expect(validateFormAnswers(fields, { b: 'nope', c: 'abcd', d: 'fine' })).toEqual({
      a: 'Required',
      b: EMAIL_MESSAGE,
      c: 'You have exceeded the character limit.',
    });
  });
});

describe('validateFormAnswers: max length', () => {
  const field: FormFieldDefinition = { id: 'm', type: 'textarea', maxLength: 5 };

  it('fails only when the text exceeds the limit', () => {
    expect(validateFormAnswers(form(field), { m: '12345' })).toEqual({});
    expect(validateFormAnswers(form(field), { m: '123456' })).toEqual({
      m: 'You have exceeded the character limit.',
    });
  });

  it('passes when optional and empty', () => {
    expect(validateFormAnswers(form(field), { m: '' })).toEqual({});
  });

  it("ignores a textarea's own limit when the site's textarea flag is off, not the abuse bound", () => {
    const off = { textareaMaxLength: false };
    expect(validateFormAnswers(form(field), { m: '123456' }, off)).toEqual({});
    expect(validateFormAnswers(form(field), { m: 'x'.repeat(TEXT_PART_LIMIT + 1) }, off)).toEqual({
      m: 'You have exceeded the character limit.',
    });
    // Other fields keep theirs.
    const text: FormFieldDefinition = { id: 't', type: 'text', maxLength: 2 };
    expect(validateFormAnswers(form(text), { t: 'abc' }, off)).toEqual({
      t: 'You have exceeded the character limit.',
    });
  });

  it('counts code points, so an emoji is one character', () => {
    expect(validateFormAnswers(form(field), { m: '😀😀😀😀😀' })).toEqual({});
  });

  it('bounds every text part of fields without a maxLength', () => {
    const long = 'x'.repeat(TEXT_PART_LIMIT + 1);
    expect(TEXT_PART_LIMIT).toBe(10_000);
    expect(validateFormAnswers(form({ id: 'n', type: 'name' }), { n: ['a', long] })).toEqual({
      n: 'You have exceeded the character limit.',
    });
    expect(
      validateFormAnswers(form({ id: 'n', type: 'text' }), { n: 'x'.repeat(TEXT_PART_LIMIT) }),
    ).toEqual({});
  });
});

describe('validateFormAnswers: email', () => {
  const optional: FormFieldDefinition = { id: 'e', type: 'email' };
  const required: FormFieldDefinition = { id: 'e', type: 'email', required: true };

  it('checks a non-empty optional email and skips an empty one', () => {
    expect(validateFormAnswers(form(optional), { e: '' })).toEqual({});
    expect(validateFormAnswers(form(optional), { e: 'a@b' })).toEqual({ e: EMAIL_MESSAGE });
    expect(validateFormAnswers(form(optional), { e: 'ann@example.com' })).toEqual({});
  });

  it('says Required before the email rule for a required empty email', () => {
    expect(validateFormAnswers(form(required), { e: '' })).toEqual({ e: 'Required' });
    expect(validateFormAnswers(form(required), { e: 'x@y.co' })).toEqual({});
  });

  it('trims surrounding spaces before checking', () => {
    expect(validateFormAnswers(form(required), { e: ' ann@example.com ' })).toEqual({});
  });
});

describe('validateFormAnswers: options and shapes', () => {
  it('rejects a choice that is not among the options', () => {
    const fields = form(
      { id: 'r', type: 'radio', options: ['Yes', 'No'] },
      { id: 's', type: 'select', options: ['S', 'M'] },
      { id: 'c', type: 'checkbox', options: ['A', 'B'] },
      { id: 'l', type: 'likert', options: ['Q1'] },
    );
    expect(
      validateFormAnswers(fields, { r: 'Maybe', s: 'M', c: ['A', 'Z'], l: { Q2: 'Agree' } }),
    ).toEqual({
      r: 'Maybe is not one of the expected options',
      c: 'Z is not one of the expected options',
      l: 'Q2 is not one of the expected options',
    });
    expect(validateFormAnswers(fields, { r: 'No', c: ['A', 'B'], l: { Q1: 'Agree' } })).toEqual({});
  });

  it('reports a value of the wrong shape as unparseable', () => {
    const message = 'Could not parse the form fields, please check your entries.';
    const fields = form(
      { id: 't', type: 'text' },
      { id: 'c', type: 'checkbox', options: ['A'] },
      { id: 'n', type: 'name' },
      { id: 'l', type: 'likert', options: ['Q'] },
      { id: 'p', type: 'phone' },
    );
    expect(
      validateFormAnswers(fields, {
        t: 5,
        c: 'A',
        n: ['a', 'b', 'c'],
        l: ['x'],
        p: ['1', '2', '3', '4', '5'],
      }),
    ).toEqual({ t: message, c: message, n: message, l: message, p: message });
  });
});

describe('normalizeFormAnswers', () => {
  it('keeps shaped values of known fields, pads 3-part phones, drops sections and strangers', () => {
    const fields = form(
      { id: 'p', type: 'phone' },
      { id: 's', type: 'section' },
      { id: 't', type: 'text' },
      { id: 'c', type: 'checkbox', options: ['A'] },
    );
    expect(normalizeFormAnswers(fields, { p: ['555', '123', '4567'], s: 'x', extra: 'y' })).toEqual(
      {
        p: ['', '555', '123', '4567'],
        t: '',
        c: [],
      },
    );
  });
});

describe('validateFormAnswers: validation disabled', () => {
  const fields = form(
    { id: 'name', type: 'text', required: true, maxLength: 3 },
    { id: 'email', type: 'email', required: true },
    { id: 'topic', type: 'select', options: ['a'] },
  );
  const off = { validationDisabled: true };

  it("no longer blocks on required, the field's own maxLength or the email format", () => {
    expect(validateFormAnswers(fields, { name: '', email: 'nope' })).toEqual({
      name: 'Required',
      email: 'Email is not valid. Email addresses should follow the format name@example.com.',
    });
    expect(validateFormAnswers(fields, { name: '', email: 'nope' }, off)).toEqual({});
    expect(validateFormAnswers(fields, { name: 'long name', email: '' }, off)).toEqual({});
  });

  it('still refuses a value off the options, a wrong shape and text over the abuse bound', () => {
    expect(validateFormAnswers(fields, { topic: 'z' }, off)).toEqual({
      topic: 'z is not one of the expected options',
    });
    expect(validateFormAnswers(fields, { name: { x: 1 } }, off)).toEqual({
      name: 'Could not parse the form fields, please check your entries.',
    });
    expect(validateFormAnswers(fields, { name: 'x'.repeat(TEXT_PART_LIMIT + 1) }, off)).toEqual({
      name: 'You have exceeded the character limit.',
    });
  });
});
