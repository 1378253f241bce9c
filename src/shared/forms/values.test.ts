import { describe, expect, it } from 'vitest';
import {
  listsFromPlainForm,
  FIELD_PARTS,
  hiddenFieldValue,
  isEmptyValue,
  normalizePhoneParts,
  parseFieldValue,
} from './values.ts';

describe('field value shapes (docs/behaviour/forms-and-captcha.md#field-value-shapes)', () => {
  it('gives a 3-part phone a leading empty part and leaves 4 parts alone', () => {
    expect(normalizePhoneParts(['555', '123', '4567'])).toEqual(['', '555', '123', '4567']);
    expect(normalizePhoneParts(['+1', '555', '123', '4567'])).toEqual(['+1', '555', '123', '4567']);
  });

  it('fills a hidden field from the same-named query parameter, else its own value', () => {
    const field = { id: 'h', type: 'hidden', key: 'ref', value: 'direct' } as const;
    expect(hiddenFieldValue(field, new URLSearchParams('ref=<b>ad</b>'))).toBe('<b>ad</b>');
    expect(hiddenFieldValue(field, new URLSearchParams('other=1'))).toBe('direct');
    expect(hiddenFieldValue({ id: 'h', type: 'hidden', key: 'ref' }, new URLSearchParams())).toBe(
      '',
    );
  });

  it('takes arrays of parts for composite types up to their part count', () => {
    expect(FIELD_PARTS).toEqual({ address: 6, date: 3, name: 2, time: 4, phone: 4 });
    expect(
      parseFieldValue({ id: 'a', type: 'address' }, ['1 Main St', '', 'Town', 'NY', '10001', 'US']),
    ).toEqual({
      ok: true,
      value: ['1 Main St', '', 'Town', 'NY', '10001', 'US'],
    });
    expect(parseFieldValue({ id: 'd', type: 'date' }, ['1', '2', '2026', 'x']).ok).toBe(false);
  });

  it('takes checked values for checkbox, one value for radio and select, a map for likert', () => {
    expect(parseFieldValue({ id: 'c', type: 'checkbox' }, ['A', 'B'])).toEqual({
      ok: true,
      value: ['A', 'B'],
    });
    expect(parseFieldValue({ id: 'r', type: 'radio' }, 'A')).toEqual({ ok: true, value: 'A' });
    expect(parseFieldValue({ id: 'r', type: 'radio' }, ['A']).ok).toBe(false);
    expect(parseFieldValue({ id: 's', type: 'select' }, 'M')).toEqual({ ok: true, value: 'M' });
    expect(parseFieldValue({ id: 'l', type: 'likert' }, { Q1: 'Agree' })).toEqual({
      ok: true,
      value: { Q1: 'Agree' },
    });
    expect(parseFieldValue({ id: 'l', type: 'likert' }, { Q1: 3 }).ok).toBe(false);
  });

  it('keeps one checked answer per likert question (the scale is a radio row per question)', () => {
    // Recorded reading (docs/adr/008-spec-deviations.md): "a map of question to checked answers"
    // names the answers of all the questions, one each; a list for a question is refused.
    expect(parseFieldValue({ id: 'l', type: 'likert' }, { Q1: 'Agree', Q2: 'Neutral' })).toEqual({
      ok: true,
      value: { Q1: 'Agree', Q2: 'Neutral' },
    });
    expect(parseFieldValue({ id: 'l', type: 'likert' }, { Q1: ['Agree', 'Disagree'] }).ok).toBe(
      false,
    );
  });

  it('treats a missing answer as the empty value of its shape', () => {
    expect(parseFieldValue({ id: 't', type: 'text' }, undefined)).toEqual({ ok: true, value: '' });
    expect(parseFieldValue({ id: 'c', type: 'checkbox' }, null)).toEqual({ ok: true, value: [] });
    expect(parseFieldValue({ id: 'l', type: 'likert' }, undefined)).toEqual({
      ok: true,
      value: {},
    });
  });

  it('calls a value empty when no part holds more than whitespace', () => {
    expect(isEmptyValue(' ')).toBe(true);
    expect(isEmptyValue(['', ' '])).toBe(true);
    expect(isEmptyValue({})).toBe(true);
    expect(isEmptyValue(['', 'x'])).toBe(false);
    expect(isEmptyValue({ Q: 'Agree' })).toBe(false);
  });
});

describe('listsFromPlainForm', () => {
  it('makes the one ticked box of a checkbox group a list, and leaves everything else', () => {
    const fields = [
      { id: 'extras', type: 'checkbox' as const },
      { id: 'wrap', type: 'select' as const },
    ];
    expect(listsFromPlainForm(fields, { extras: 'Box', wrap: 'Yes', other: 'x' })).toEqual({
      extras: ['Box'],
      wrap: 'Yes',
      other: 'x',
    });
    expect(listsFromPlainForm(fields, { extras: ['Box', 'Card'] })).toEqual({
      extras: ['Box', 'Card'],
    });
  });
});
