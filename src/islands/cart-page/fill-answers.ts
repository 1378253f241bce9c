/**
 * Puts an entry's stored answers into the inputs of its extra-fields form (the shared
 * ExtraFieldsSection renders them empty and uncontrolled), so the shopper edits what they
 * answered instead of starting over. Values are set as typing would set them, so components
 * that follow their input (the textarea's character counter) see the text.
 */
import type { FormFieldDefinition } from '../../shared/forms/field-types.ts';
import {
  fieldInputName,
  fieldParts,
  likertInputName,
} from '../../shared/forms/extra-field-parts.ts';

type Editable = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function setValue(element: Editable, value: string): void {
  // The prototype's setter, not the element's own: React tracks values set on the element.
  const prototype = Object.getPrototypeOf(element) as object;
  const descriptor = Object.getOwnPropertyDescriptor(prototype, 'value');
  if (descriptor?.set) descriptor.set.call(element, value);
  else element.value = value;
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

function named(form: HTMLFormElement, name: string): Editable[] {
  return [...form.querySelectorAll<Editable>('input, select, textarea')].filter(
    (element) => element.name === name,
  );
}

function check(elements: readonly Editable[], values: readonly string[]): void {
  for (const element of elements)
    if (element instanceof HTMLInputElement) element.checked = values.includes(element.value);
}

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((part): part is string => typeof part === 'string');
  if (typeof value === 'object' && value !== null)
    return Object.values(value).filter((part): part is string => typeof part === 'string');
  return [];
}

export function fillAnswers(
  form: HTMLFormElement,
  fields: readonly FormFieldDefinition[],
  answers: Readonly<Record<string, unknown>> | null,
): void {
  if (!answers) return;
  for (const field of fields) {
    if (field.type === 'section' || field.type === 'hidden') continue;
    if (!Object.hasOwn(answers, field.id)) continue;
    const answer = answers[field.id];
    if (field.type === 'likert') {
      const map = typeof answer === 'object' && answer !== null ? answer : {};
      for (const [question, choice] of Object.entries(map))
        if (typeof choice === 'string')
          check(named(form, likertInputName(field.id, question)), [choice]);
      continue;
    }
    const elements = named(form, fieldInputName(field.id));
    if (field.type === 'checkbox' || field.type === 'radio') {
      check(elements, texts(answer));
      continue;
    }
    if (fieldParts(field).length > 0) {
      // A phone number is stored with its country code first even when the form asks none.
      const parts = texts(answer).slice(-elements.length);
      elements.forEach((element, index) => setValue(element, parts[index] ?? ''));
      continue;
    }
    const [first] = elements;
    if (first) setValue(first, texts(answer)[0] ?? '');
  }
}
