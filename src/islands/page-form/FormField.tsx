/**
 * One field of a page form, as the server renders it and the island hydrates it: label,
 * description, the error above it, and inputs named by src/shared/forms/field-inputs.ts so the
 * plain post and the island read the same answers. Uncontrolled inputs: the values are read
 * from the form when it is submitted, and a re-rendered failed post starts from what was sent.
 */
import { useState, type ReactNode } from 'react';
import type { FormFieldDefinition } from '../../shared/forms/field-types.ts';
import { fieldInputName, fieldPartLabels, partInputName } from '../../shared/forms/field-inputs.ts';
import { LIKERT_SCALE } from '../../shared/forms/likert.ts';
import type { FieldValue } from '../../shared/forms/values.ts';

export interface FormFieldProps {
  readonly formId: string;
  readonly field: FormFieldDefinition;
  readonly error?: string | undefined;
  /** What the visitor sent, when a failed plain post is shown again. */
  readonly value?: FieldValue | undefined;
}

export const fieldDomId = (formId: string, fieldId: string): string =>
  `page-form-${formId}-${fieldId}`;

const SELECT_PROMPT = 'Select an option';

function asText(value: FieldValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
function asList(value: FieldValue | undefined): readonly string[] {
  return Array.isArray(value) ? (value as readonly string[]) : [];
}
function asMap(value: FieldValue | undefined): Readonly<Record<string, string>> {
  return typeof value === 'object' && !Array.isArray(value) && value !== undefined
    ? (value as Readonly<Record<string, string>>)
    : {};
}

function Required({ field }: { field: FormFieldDefinition }) {
  return field.required === true ? <span className="page-form-required"> (required)</span> : null;
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (error === undefined) return null;
  return (
    <p className="page-form-error" id={`${id}-error`} data-form-error="">
      {error}
    </p>
  );
}

function Description({ id, field }: { id: string; field: FormFieldDefinition }) {
  return field.description === undefined ? null : (
    <p className="page-form-description" id={`${id}-description`}>
      {field.description}
    </p>
  );
}

/** The ids that describe a field's inputs: its error first, then its description. */
function describedBy(id: string, field: FormFieldDefinition, error: string | undefined) {
  const ids = [
    error === undefined ? undefined : `${id}-error`,
    field.description === undefined ? undefined : `${id}-description`,
  ].filter((part): part is string => part !== undefined);
  return ids.length === 0 ? undefined : ids.join(' ');
}

function TextArea({ id, field, error, value }: FormFieldProps & { id: string }) {
  const initial = asText(value) ?? '';
  const [length, setLength] = useState([...initial].length);
  const limit = field.maxLength;
  return (
    <>
      <textarea
        id={id}
        name={fieldInputName(field.id)}
        defaultValue={initial}
        placeholder={field.placeholder}
        maxLength={limit}
        aria-required={field.required === true ? true : undefined}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={describedBy(id, field, error)}
        onInput={(event) => setLength([...event.currentTarget.value].length)}
      />
      {limit === undefined ? null : (
        <p className="page-form-counter" aria-live="polite">
          {length}/{limit}
        </p>
      )}
    </>
  );
}

const INPUT_TYPES: Partial<Record<FormFieldDefinition['type'], string>> = {
  text: 'text',
  email: 'email',
  number: 'number',
  website: 'url',
  currency: 'text',
};

function SingleInput({ id, field, error, value }: FormFieldProps & { id: string }) {
  const input = (
    <input
      id={id}
      type={INPUT_TYPES[field.type] ?? 'text'}
      name={fieldInputName(field.id)}
      defaultValue={asText(value)}
      placeholder={field.placeholder}
      maxLength={field.maxLength}
      step={field.type === 'number' ? 'any' : undefined}
      inputMode={field.type === 'currency' ? 'decimal' : undefined}
      autoComplete={field.type === 'email' ? 'email' : field.type === 'website' ? 'url' : undefined}
      aria-required={field.required === true ? true : undefined}
      aria-invalid={error === undefined ? undefined : true}
      aria-describedby={describedBy(id, field, error)}
    />
  );
  if (field.type !== 'currency') return input;
  return (
    <span className="page-form-currency">
      <span className="page-form-currency-symbol" aria-hidden="true">
        {field.currencySymbol ?? '$'}
      </span>
      {input}
    </span>
  );
}

/** What frames one field's inputs: its title, mark of required, description and error. */
interface FieldFrameProps {
  id: string;
  field: FormFieldDefinition;
  error: string | undefined;
  children: ReactNode;
}

/** A group of inputs (parts, options, likert): a fieldset whose legend is the title. */
function Group({ id, field, error, children }: FieldFrameProps) {
  return (
    <div className={`page-form-field page-form-field--${field.type}`} id={`${id}-field`}>
      <FieldError id={id} error={error} />
      <fieldset aria-describedby={describedBy(id, field, error)}>
        <legend>
          {field.title}
          <Required field={field} />
        </legend>
        <Description id={id} field={field} />
        {children}
      </fieldset>
    </div>
  );
}

/** One input (text, area, select): the title is its label. */
function Labelled({ id, field, error, children }: FieldFrameProps) {
  return (
    <div className={`page-form-field page-form-field--${field.type}`} id={`${id}-field`}>
      <FieldError id={id} error={error} />
      <label htmlFor={id}>
        {field.title}
        <Required field={field} />
      </label>
      <Description id={id} field={field} />
      {children}
    </div>
  );
}

function Parts({ id, field, value }: FormFieldProps & { id: string }) {
  const labels = fieldPartLabels(field);
  const sent = asList(value);
  // A stored phone always has 4 parts; one shown without the country code shows the last 3.
  const offset =
    field.type === 'phone' && sent.length > labels.length ? sent.length - labels.length : 0;
  return (
    <div className="page-form-parts">
      {labels.map((label, index) => {
        const partId = `${id}-${index}`;
        const partValue = sent[index + offset];
        return (
          <span className="page-form-part" key={label}>
            {label === 'AM/PM' ? (
              <select
                id={partId}
                name={partInputName(field.id, index)}
                defaultValue={partValue ?? ''}
              >
                <option value="">-</option>
                <option value="AM">AM</option>
                <option value="PM">PM</option>
              </select>
            ) : (
              <input
                id={partId}
                type={field.type === 'phone' ? 'tel' : 'text'}
                name={partInputName(field.id, index)}
                defaultValue={partValue}
                aria-required={field.required === true && label !== 'Address 2' ? true : undefined}
              />
            )}
            <label htmlFor={partId}>{label}</label>
          </span>
        );
      })}
    </div>
  );
}

function Options({ id, field, value }: FormFieldProps & { id: string }) {
  const type = field.type === 'checkbox' ? 'checkbox' : 'radio';
  const chosen = field.type === 'checkbox' ? asList(value) : [asText(value) ?? ''];
  return (
    <div className="page-form-options">
      {(field.options ?? []).map((option, index) => (
        <label className="page-form-option" key={option} htmlFor={`${id}-${index}`}>
          <input
            id={`${id}-${index}`}
            type={type}
            name={fieldInputName(field.id)}
            value={option}
            defaultChecked={chosen.includes(option)}
          />{' '}
          {option}
        </label>
      ))}
    </div>
  );
}

function Likert({ id, field, value }: FormFieldProps & { id: string }) {
  const answers = asMap(value);
  return (
    <div className="page-form-likert">
      {(field.options ?? []).map((question, questionIndex) => (
        <fieldset className="page-form-likert-question" key={question}>
          <legend>{question}</legend>
          {LIKERT_SCALE.map((point) => {
            const optionId = `${id}-${questionIndex}-${point.value + 2}`;
            return (
              <label className="page-form-option" key={point.value} htmlFor={optionId}>
                <input
                  id={optionId}
                  type="radio"
                  name={partInputName(field.id, questionIndex)}
                  value={point.label}
                  defaultChecked={answers[question] === point.label}
                />{' '}
                {point.label}
              </label>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}

/** The inputs of a field answered in several parts, which its Group titles and describes. */
function GroupedInputs(props: FormFieldProps & { readonly id: string }) {
  const { type } = props.field;
  if (type === 'radio' || type === 'checkbox') return <Options {...props} />;
  if (type === 'likert') return <Likert {...props} />;
  return <Parts {...props} />;
}

export function FormField(props: FormFieldProps) {
  const { formId, field, error, value } = props;
  const id = fieldDomId(formId, field.id);
  switch (field.type) {
    case 'hidden':
      return (
        <input
          type="hidden"
          name={fieldInputName(field.id)}
          value={asText(value) ?? field.value ?? ''}
        />
      );
    case 'section':
      // h3: a section divides its form, whose block is titled by an h2 (page.jsont).
      return (
        <div className="page-form-section" id={`${id}-field`}>
          <h3
            className={
              field.underline === true
                ? 'page-form-section-title underline'
                : 'page-form-section-title'
            }
          >
            {field.title}
          </h3>
        </div>
      );
    case 'select':
      return (
        <Labelled id={id} field={field} error={error}>
          <select
            id={id}
            name={fieldInputName(field.id)}
            defaultValue={asText(value) ?? ''}
            aria-required={field.required === true ? true : undefined}
            aria-invalid={error === undefined ? undefined : true}
            aria-describedby={describedBy(id, field, error)}
          >
            <option value="">{SELECT_PROMPT}</option>
            {(field.options ?? []).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </Labelled>
      );
    case 'radio':
    case 'checkbox':
    case 'likert':
    case 'address':
    case 'date':
    case 'name':
    case 'time':
    case 'phone':
      return (
        <Group id={id} field={field} error={error}>
          <GroupedInputs {...props} id={id} />
        </Group>
      );
    case 'text':
    case 'textarea':
    case 'email':
    case 'number':
    case 'website':
    case 'currency':
      return (
        <Labelled id={id} field={field} error={error}>
          {field.type === 'textarea' ? (
            <TextArea {...props} id={id} />
          ) : (
            <SingleInput {...props} id={id} />
          )}
        </Labelled>
      );
  }
}
