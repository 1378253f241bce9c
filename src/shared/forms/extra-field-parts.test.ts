import { describe, expect, it } from 'vitest';
import {
  fieldInputName,
  fieldParts,
  likertInputName,
  toFieldDefinition,
  type PurchaseFieldLike,
} from './extra-field-parts.ts';

const plain = (overrides: Partial<PurchaseFieldLike>): PurchaseFieldLike => ({
  id: 'f',
  title: 'F',
  required: false,
  inputType: 'text',
  options: [],
  isTextarea: false,
  isSelect: false,
  isChoice: false,
  isCheckbox: false,
  isSection: false,
  ...overrides,
});

describe('toFieldDefinition', () => {
  it('keeps a full definition as it is', () => {
    const field = { id: 'n', type: 'name', title: 'Name', required: true } as const;
    expect(toFieldDefinition(field)).toBe(field);
  });

  it("turns the purchase form's view of each plain field back into its definition", () => {
    expect(toFieldDefinition(plain({ isTextarea: true, maxLength: 200 }))).toMatchObject({
      type: 'textarea',
      maxLength: 200,
    });
    expect(
      toFieldDefinition(plain({ isSelect: true, required: true, options: [{ value: 'Navy' }] })),
    ).toEqual({ id: 'f', type: 'select', title: 'F', required: true, options: ['Navy'] });
    expect(toFieldDefinition(plain({ isChoice: true })).type).toBe('radio');
    expect(toFieldDefinition(plain({ isChoice: true, isCheckbox: true })).type).toBe('checkbox');
    expect(toFieldDefinition(plain({ isSection: true })).type).toBe('section');
    expect(toFieldDefinition(plain({ inputType: 'email' })).type).toBe('email');
    expect(toFieldDefinition(plain({ inputType: 'url' })).type).toBe('website');
    expect(toFieldDefinition(plain({ inputType: 'number' })).type).toBe('number');
    expect(
      toFieldDefinition(plain({ description: 'Up to 3', placeholder: 'ABC', maxLength: 3 })),
    ).toEqual({
      id: 'f',
      type: 'text',
      title: 'F',
      required: false,
      description: 'Up to 3',
      placeholder: 'ABC',
      maxLength: 3,
    });
  });
});

describe('input names', () => {
  it('posts answers as fields[<id>], the name /cart/add reads', () => {
    expect(fieldInputName('initials')).toBe('fields[initials]');
  });

  it('gives each likert question its own radio group', () => {
    expect(likertInputName('rate', 'Service')).toBe('fields[rate][Service]');
  });
});

describe('fieldParts', () => {
  it('lists the parts of each composite type in value order', () => {
    const labels = (type: Parameters<typeof fieldParts>[0]['type']) =>
      fieldParts({ id: 'x', type }).map((part) => part.label);
    expect(labels('name')).toEqual(['First Name', 'Last Name']);
    expect(labels('date')).toEqual(['Month', 'Day', 'Year']);
    expect(labels('time')).toEqual(['Hour', 'Minute', 'Second', 'AM/PM']);
    expect(labels('address')).toHaveLength(6);
    expect(labels('phone')).toEqual(['Area Code', 'Prefix', 'Line']);
    expect(labels('text')).toEqual([]);
  });

  it('adds the country code to a phone that shows it', () => {
    expect(
      fieldParts({ id: 'p', type: 'phone', showCountryCode: true }).map((part) => part.label),
    ).toEqual(['Country', 'Area Code', 'Prefix', 'Line']);
  });
});
