// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { readExtraFieldAnswers } from '../../shared/forms/extra-field-answers.ts';
import type { FormFieldDefinition } from '../../shared/forms/field-types.ts';
import ExtraFieldsSection from './ExtraFieldsSection.tsx';

afterEach(cleanup);

const FIELDS: FormFieldDefinition[] = [
  { id: 'intro', type: 'section', title: 'Your monogram', underline: true },
  { id: 'initials', type: 'text', title: 'Initials', required: true, maxLength: 3 },
  { id: 'thread', type: 'select', title: 'Thread colour', options: ['Navy', 'Red'] },
  { id: 'size', type: 'radio', title: 'Size', required: true, options: ['S', 'M'] },
  { id: 'extras', type: 'checkbox', title: 'Extras', options: ['Box', 'Card'] },
  { id: 'note', type: 'textarea', title: 'Gift note', maxLength: 5 },
  { id: 'who', type: 'name', title: 'Recipient' },
  { id: 'phone', type: 'phone', title: 'Phone' },
  { id: 'rate', type: 'likert', title: 'Rate us', options: ['Service'] },
  { id: 'source', type: 'hidden', value: 'product' },
];

function formOf(container: HTMLElement): HTMLFormElement {
  const form = container.querySelector('form');
  if (!form) throw new Error('no form');
  return form;
}

describe('ExtraFieldsSection', () => {
  it('server-renders every field as a plain input named fields[<id>]', () => {
    const html = renderToString(<ExtraFieldsSection fields={FIELDS} />);
    expect(html).toContain('name="fields[initials]"');
    expect(html).toContain('maxLength="3"');
    expect(html).toContain('name="fields[thread]"');
    expect(html).toContain('name="fields[size]"');
    expect(html).toContain('name="fields[extras]"');
    expect(html).toContain('name="fields[note]"');
    // A composite field repeats its name once per part: the post carries the list.
    expect(html.match(/name="fields\[who\]"/g)).toHaveLength(2);
    expect(html.match(/name="fields\[phone\]"/g)).toHaveLength(3);
    expect(html).toContain('name="fields[rate][Service]"');
    expect(html).toContain('type="hidden" name="fields[source]" value="product"');
    // The purchase form's ids, so labels survive hydration.
    expect(html).toContain('id="product-field-initials"');
  });

  it('shows a section title and skips it as an input', () => {
    render(<ExtraFieldsSection fields={FIELDS} />);
    expect(screen.getByRole('heading', { name: 'Your monogram' })).toBeTruthy();
    expect(document.querySelector('[name="fields[intro]"]')).toBeNull();
  });

  it("shows each field's error above its title and marks the input", () => {
    const { container } = render(
      <ExtraFieldsSection fields={FIELDS} errors={{ initials: 'Required', size: 'Required' }} />,
    );
    const initials = container.querySelector('[data-field-id="initials"]');
    expect(initials?.firstElementChild?.textContent).toBe('Required');
    expect(initials?.firstElementChild?.nextElementSibling?.tagName).toBe('LABEL');
    const input = screen.getByLabelText(/Initials/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('product-field-initials-error');
    const size = container.querySelector('[data-field-id="size"]');
    expect(size?.firstElementChild?.textContent).toBe('Required');
    expect(size?.querySelector('legend')?.textContent).toContain('Size');
  });

  it('uses its own id prefix so two copies never share ids', () => {
    render(<ExtraFieldsSection fields={FIELDS} idPrefix="extra-field" />);
    expect(document.getElementById('extra-field-initials')).not.toBeNull();
    expect(document.getElementById('product-field-initials')).toBeNull();
  });

  it("takes the purchase form's view of plain fields", () => {
    render(
      <ExtraFieldsSection
        fields={[
          {
            id: 'initials',
            title: 'Initials',
            required: true,
            inputType: 'text',
            options: [],
            isTextarea: false,
            isSelect: false,
            isChoice: false,
            isCheckbox: false,
            isSection: false,
          },
        ]}
      />,
    );
    expect(screen.getByLabelText(/Initials/).getAttribute('name')).toBe('fields[initials]');
  });

  it('reads back into the shapes the cart entry stores', () => {
    const { container } = render(
      <form>
        <ExtraFieldsSection fields={FIELDS} />
      </form>,
    );
    fireEvent.change(screen.getByLabelText(/Initials/), { target: { value: 'ABC' } });
    fireEvent.click(screen.getByLabelText('M'));
    fireEvent.click(screen.getByLabelText('Box'));
    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByLabelText('Agree'));
    const answers = readExtraFieldAnswers(
      FIELDS,
      new FormData(formOf(container)),
      new URLSearchParams(),
    );
    expect(answers).toMatchObject({
      initials: 'ABC',
      size: 'M',
      extras: ['Box'],
      who: ['Ada', ''],
      phone: ['', '', '', ''],
      rate: { Service: 'Agree' },
      source: 'product',
    });
  });
});

describe('the character counter', () => {
  const note = (maxLength: unknown): FormFieldDefinition =>
    ({ id: 'note', type: 'textarea', title: 'Gift note', maxLength }) as FormFieldDefinition;

  it("shows 'n / max' and takes the error style when over", () => {
    render(<ExtraFieldsSection fields={[note(5)]} />);
    const counter = document.getElementById('product-field-note-counter');
    expect(counter?.textContent).toBe('0 / 5');
    expect(counter?.className).toBe('character-counter');
    const textarea = screen.getByLabelText('Gift note');
    expect(textarea.getAttribute('aria-describedby')).toBe('product-field-note-counter');
    // No maxlength attribute: the shopper sees the error style instead of losing characters.
    expect(textarea.hasAttribute('maxlength')).toBe(false);
    fireEvent.change(textarea, { target: { value: 'Hello' } });
    expect(counter?.textContent).toBe('5 / 5');
    expect(counter?.classList.contains('field-error')).toBe(false);
    fireEvent.change(textarea, { target: { value: 'Hello!' } });
    expect(counter?.textContent).toBe('6 / 5');
    expect(counter?.classList.contains('field-error')).toBe(true);
  });

  it.each([[0], [-3], [1.5], ['many'], [undefined]])('is off for a maximum of %o', (max) => {
    render(<ExtraFieldsSection fields={[note(max)]} />);
    expect(document.querySelector('.character-counter')).toBeNull();
  });
});
