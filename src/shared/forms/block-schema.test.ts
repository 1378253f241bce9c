import { describe, expect, it } from 'vitest';
import { builderSettings, DEFAULT_FORM_NAME, formBlockSchema } from './block-schema.ts';
import { FORM_FIELD_TYPES } from './field-types.ts';

describe('form block schema (docs/behaviour/forms-and-captcha.md#field-types)', () => {
  const off = { textareaMaxLength: false };

  it('names a new form "My Form Name" and lists every field type', () => {
    const schema = formBlockSchema(off);
    expect(DEFAULT_FORM_NAME).toBe('My Form Name');
    expect(schema.defaultName).toBe('My Form Name');
    expect(schema.type).toBe('form');
    expect(schema.fieldTypes).toEqual(FORM_FIELD_TYPES);
    expect(Object.keys(schema.settings).sort()).toEqual([...FORM_FIELD_TYPES].sort());
  });

  it('gives each type the settings the spec lists', () => {
    for (const type of ['text', 'textarea', 'email', 'number', 'website'] as const) {
      expect(builderSettings(type, off)).toEqual(
        expect.arrayContaining(['description', 'placeholder', 'required']),
      );
    }
    expect(builderSettings('currency', off)).toContain('currencySymbol');
    expect(builderSettings('phone', off)).toContain('showCountryCode');
    for (const type of ['radio', 'checkbox', 'select', 'likert'] as const) {
      expect(builderSettings(type, off)).toContain('options');
    }
    expect(builderSettings('section', off)).toEqual(['title', 'underline']);
    expect(builderSettings('hidden', off)).toEqual(['key', 'value']);
    expect(builderSettings('likert', off)).not.toContain('required');
  });

  it('gives textarea maxLength only when the flag is on', () => {
    expect(builderSettings('textarea', off)).not.toContain('maxLength');
    expect(builderSettings('textarea', { textareaMaxLength: true })).toContain('maxLength');
    expect(builderSettings('text', { textareaMaxLength: true })).not.toContain('maxLength');
  });
});
