// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormFieldDefinition } from '../../shared/forms/field-types.ts';
import ExtraFieldsSection from './ExtraFieldsSection.tsx';

afterEach(cleanup);

const FIELDS: FormFieldDefinition[] = [
  { id: 'who', type: 'name', title: 'Name' },
  { id: 'tel', type: 'phone', title: 'Phone' },
  { id: 'size', type: 'radio', title: 'Size', options: ['S', 'M'] },
  { id: 'note', type: 'textarea', title: 'Note', maxLength: 20 },
  { id: 'ref', type: 'hidden', title: 'Ref', key: 'ref', value: 'default' },
];

const STORED = {
  who: ['Ada', 'Lovelace'],
  // Stored with an empty country code first though the form asks none.
  tel: ['', '555', '010', '9999'],
  size: 'M',
  note: 'Thank you',
  ref: 'from-product-page',
};

/** The form as the server renders it, parsed: what a browser without JavaScript shows. */
function serverForm(defaultValues: Record<string, unknown> | null | undefined): HTMLFormElement {
  const form = document.createElement('form');
  form.innerHTML = renderToString(
    <ExtraFieldsSection fields={FIELDS} idPrefix="t" defaultValues={defaultValues} />,
  );
  return form;
}

function values(form: HTMLFormElement, name: string): string[] {
  return [...form.querySelectorAll<HTMLInputElement>(`[name="${name}"]`)].map((input) =>
    input.type === 'radio' ? String(input.checked) : input.value,
  );
}

describe('ExtraFieldsSection defaultValues', () => {
  it("server-renders each stored answer in its inputs, a composite field's parts in order", () => {
    const form = serverForm(STORED);
    expect(values(form, 'fields[who]')).toEqual(['Ada', 'Lovelace']);
    expect(values(form, 'fields[tel]')).toEqual(['555', '010', '9999']);
    expect(values(form, 'fields[size]')).toEqual(['false', 'true']);
    expect(values(form, 'fields[note]')).toEqual(['Thank you']);
    expect(form.querySelector('.character-counter')?.textContent).toBe('9 / 20');
    // A hidden field posts what the product page gave it, not its default.
    expect(values(form, 'fields[ref]')).toEqual(['from-product-page']);
  });

  it('leaves the inputs as before without stored answers, and typing is still the shopper’s', () => {
    for (const defaults of [undefined, null, {}]) {
      const form = serverForm(defaults);
      expect(values(form, 'fields[who]')).toEqual(['', '']);
      expect(values(form, 'fields[size]')).toEqual(['false', 'false']);
      expect(values(form, 'fields[ref]')).toEqual(['default']);
    }
    const { container } = render(<ExtraFieldsSection fields={FIELDS} defaultValues={STORED} />);
    const note = container.querySelector<HTMLTextAreaElement>('[name="fields[note]"]');
    if (!note) throw new Error('no note');
    fireEvent.change(note, { target: { value: 'Hi' } });
    expect(container.querySelector('.character-counter')?.textContent).toBe('2 / 20');
  });
});
