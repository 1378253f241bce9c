// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormFieldDefinition } from '../../shared/forms/field-types.ts';
import ExtraFieldsSection from '../extra-fields/ExtraFieldsSection.tsx';
import { fillAnswers } from './fill-answers.ts';

afterEach(cleanup);

const FIELDS: FormFieldDefinition[] = [
  { id: 'who', type: 'name', title: 'Name' },
  { id: 'tel', type: 'phone', title: 'Phone' },
  { id: 'size', type: 'radio', title: 'Size', options: ['S', 'M'] },
  { id: 'note', type: 'textarea', title: 'Note', maxLength: 20 },
  { id: 'ref', type: 'hidden', title: 'Ref', key: 'ref', value: 'default' },
];

function filled(answers: Record<string, unknown> | null): HTMLFormElement {
  const { container } = render(
    <form>
      <ExtraFieldsSection fields={FIELDS} idPrefix="t" />
    </form>,
  );
  const form = container.querySelector('form');
  if (!form) throw new Error('no form');
  fillAnswers(form, FIELDS, answers);
  return form;
}

describe('fillAnswers', () => {
  it("puts each stored answer back in its inputs, a composite field's parts in order", () => {
    const form = filled({
      who: ['Ada', 'Lovelace'],
      // Stored with an empty country code first though the form asks none.
      tel: ['', '555', '010', '9999'],
      size: 'M',
      note: 'Thank you',
    });
    const values = (name: string) =>
      [...form.querySelectorAll<HTMLInputElement>(`[name="${name}"]`)].map((input) =>
        input.type === 'radio' ? String(input.checked) : input.value,
      );
    expect(values('fields[who]')).toEqual(['Ada', 'Lovelace']);
    expect(values('fields[tel]')).toEqual(['555', '010', '9999']);
    expect(values('fields[size]')).toEqual(['false', 'true']);
    expect(values('fields[note]')).toEqual(['Thank you']);
    // The character counter follows the text as if it had been typed.
    expect(form.querySelector('.character-counter')?.textContent).toBe('9 / 20');
    // A hidden field keeps its own value: the stored answer is kept by the editor itself.
    expect(values('fields[ref]')).toEqual(['default']);
  });

  it('leaves the inputs empty for an entry without answers, and typing is still the shopper’s', () => {
    const form = filled(null);
    const note = form.querySelector<HTMLTextAreaElement>('[name="fields[note]"]');
    expect(note?.value).toBe('');
    if (note) fireEvent.change(note, { target: { value: 'Hi' } });
    expect(form.querySelector('.character-counter')?.textContent).toBe('2 / 20');
  });
});
