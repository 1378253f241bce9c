/**
 * The fields of a product's extra-fields form as plain inputs: server-rendered inside the product
 * form so a purchase without JavaScript posts them to /cart/add as `fields[<field id>]` (a
 * composite field repeats the name once per part, so its parts arrive as a list), and rendered
 * again inside the lightbox. Each field's error is shown above its title (docs/behaviour/forms-and-captcha.md#extra-field-forms).
 * Inputs are uncontrolled: readExtraFieldAnswers reads the answers from the form's data; given
 * `defaultValues` (stored answers keyed by field id), they start from those answers, so the
 * server-rendered form is already filled without JavaScript.
 */
import type { FormFieldDefinition } from '../../shared/forms/field-types.ts';
import {
  fieldInputName,
  fieldParts,
  LIKERT_ANSWERS,
  likertInputName,
  toFieldDefinitions,
  type ExtraFieldSource,
} from '../../shared/forms/extra-field-parts.ts';
import { CountedTextarea } from './CountedTextarea.tsx';
import { answerTexts, likertDefault, partDefaults, storedAnswer } from './field-defaults.ts';

export interface ExtraFieldsSectionProps {
  readonly fields: readonly ExtraFieldSource[];
  /** Messages keyed by field id, from the browser's checks or the server's. */
  readonly errors?: Readonly<Record<string, string>>;
  /** Prefix of every element id, so two copies of a form on one page never share ids. */
  readonly idPrefix?: string;
  /** Answers the inputs start from, keyed by field id (the shape the answers are stored in). */
  readonly defaultValues?: Readonly<Record<string, unknown>> | null;
}

/** The purchase form's ids (src/server/render/purchase-form.ts), so hydration keeps its labels. */
export const DEFAULT_ID_PREFIX = 'product-field';

interface FieldProps {
  readonly field: FormFieldDefinition;
  readonly inputId: string;
  readonly error: string | undefined;
  /** The field's stored answer, undefined when there is none. */
  readonly answer: unknown;
}

function errorId(inputId: string): string {
  return `${inputId}-error`;
}

/** Attributes tying an input to its field's error, when there is one. */
function errorAttributes(inputId: string, error: string | undefined) {
  return error === undefined
    ? {}
    : { 'aria-invalid': true as const, 'aria-describedby': errorId(inputId) };
}

function Title({ field }: { field: FormFieldDefinition }) {
  return (
    <>
      {field.title ?? field.id}
      {field.required === true ? <span aria-hidden="true"> *</span> : null}
    </>
  );
}

function Hint({ field }: { field: FormFieldDefinition }) {
  return field.description === undefined ? null : (
    <span className="field-hint">{field.description}</span>
  );
}

const INPUT_TYPES: Partial<Record<FormFieldDefinition['type'], string>> = {
  email: 'email',
  number: 'number',
  website: 'url',
  currency: 'number',
};

function SingleField({ field, inputId, error, answer }: FieldProps) {
  const common = {
    id: inputId,
    ...(answer === undefined ? {} : { defaultValue: answerTexts(answer)[0] ?? '' }),
    name: fieldInputName(field.id),
    required: field.required === true,
    ...(field.placeholder === undefined ? {} : { placeholder: field.placeholder }),
    ...errorAttributes(inputId, error),
  };
  return (
    <>
      <label htmlFor={inputId}>
        <Title field={field} />
      </label>
      <Hint field={field} />
      {field.type === 'textarea' ? (
        <CountedTextarea {...common} maxLength={field.maxLength} />
      ) : (
        <span className={field.type === 'currency' ? 'extra-field-currency' : undefined}>
          {field.type === 'currency' && field.currencySymbol !== undefined ? (
            <span aria-hidden="true">{field.currencySymbol} </span>
          ) : null}
          <input
            type={INPUT_TYPES[field.type] ?? 'text'}
            {...common}
            {...(field.maxLength === undefined ? {} : { maxLength: field.maxLength })}
            {...(field.type === 'currency' ? { step: '0.01', inputMode: 'decimal' as const } : {})}
          />
        </span>
      )}
    </>
  );
}

function SelectField({ field, inputId, error, answer }: FieldProps) {
  return (
    <>
      <label htmlFor={inputId}>
        <Title field={field} />
      </label>
      <Hint field={field} />
      <select
        id={inputId}
        name={fieldInputName(field.id)}
        required={field.required === true}
        defaultValue={answerTexts(answer)[0] ?? ''}
        {...errorAttributes(inputId, error)}
      >
        <option value="">Select {field.title ?? field.id}</option>
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </>
  );
}

function ChoiceField({ field, inputId, error, answer }: FieldProps) {
  const isCheckbox = field.type === 'checkbox';
  const checked = answerTexts(answer);
  return (
    <fieldset className="field-choices" {...errorAttributes(inputId, error)}>
      <legend>
        <Title field={field} />
      </legend>
      <Hint field={field} />
      {(field.options ?? []).map((option, index) => (
        <p className="field field-radio" key={option}>
          <input
            type={isCheckbox ? 'checkbox' : 'radio'}
            id={`${inputId}-${index}`}
            name={fieldInputName(field.id)}
            value={option}
            defaultChecked={checked.includes(option)}
            // A radio group is required natively; a checkbox group has no native rule.
            required={!isCheckbox && field.required === true}
          />
          <label htmlFor={`${inputId}-${index}`}>{option}</label>
        </p>
      ))}
    </fieldset>
  );
}

function CompositeField({ field, inputId, error, answer }: FieldProps) {
  const parts = fieldParts(field);
  const defaults = partDefaults(answer, parts.length);
  return (
    <fieldset className="field-parts" {...errorAttributes(inputId, error)}>
      <legend>
        <Title field={field} />
      </legend>
      <Hint field={field} />
      {parts.map((part, index) => {
        const partId = `${inputId}-${index}`;
        return (
          <p className="field extra-field-part" key={part.label}>
            <label htmlFor={partId}>{part.label}</label>
            {part.choices === undefined ? (
              <input
                type="text"
                id={partId}
                name={fieldInputName(field.id)}
                {...(answer === undefined ? {} : { defaultValue: defaults[index] })}
                {...(part.size === undefined ? {} : { size: part.size })}
                {...(part.inputMode === undefined ? {} : { inputMode: part.inputMode })}
              />
            ) : (
              <select id={partId} name={fieldInputName(field.id)} defaultValue={defaults[index]}>
                <option value=""></option>
                {part.choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice}
                  </option>
                ))}
              </select>
            )}
          </p>
        );
      })}
    </fieldset>
  );
}

function LikertField({ field, inputId, error, answer: stored }: FieldProps) {
  return (
    <fieldset className="field-likert" {...errorAttributes(inputId, error)}>
      <legend>
        <Title field={field} />
      </legend>
      <Hint field={field} />
      {(field.options ?? []).map((question, questionIndex) => (
        <fieldset className="field-choices" key={question}>
          <legend>{question}</legend>
          {LIKERT_ANSWERS.map((answer, answerIndex) => {
            const answerId = `${inputId}-${questionIndex}-${answerIndex}`;
            return (
              <p className="field field-radio" key={answer}>
                <input
                  type="radio"
                  id={answerId}
                  name={likertInputName(field.id, question)}
                  value={answer}
                  defaultChecked={likertDefault(stored, question) === answer}
                />
                <label htmlFor={answerId}>{answer}</label>
              </p>
            );
          })}
        </fieldset>
      ))}
    </fieldset>
  );
}

function SectionHeading({ field }: { field: FormFieldDefinition }) {
  return (
    <div
      className={
        field.underline === true ? 'extra-field-section is-underlined' : 'extra-field-section'
      }
    >
      {field.title === undefined ? null : <h3>{field.title}</h3>}
      <Hint field={field} />
    </div>
  );
}

function FieldBody(props: FieldProps) {
  const { field } = props;
  if (field.type === 'select') return <SelectField {...props} />;
  if (field.type === 'radio' || field.type === 'checkbox') return <ChoiceField {...props} />;
  if (field.type === 'likert') return <LikertField {...props} />;
  if (fieldParts(field).length > 0) return <CompositeField {...props} />;
  return <SingleField {...props} />;
}

export default function ExtraFieldsSection({
  fields,
  errors = {},
  idPrefix = DEFAULT_ID_PREFIX,
  defaultValues,
}: ExtraFieldsSectionProps) {
  return (
    <div className="extra-fields">
      {toFieldDefinitions(fields).map((field) => {
        if (field.type === 'section') return <SectionHeading key={field.id} field={field} />;
        if (field.type === 'hidden') {
          // The page's query parameter replaces this value when answers are read in the browser;
          // a stored answer keeps what the product page gave it.
          const stored = storedAnswer(defaultValues, field);
          return (
            <input
              key={field.id}
              type="hidden"
              name={fieldInputName(field.id)}
              value={stored === undefined ? (field.value ?? '') : (answerTexts(stored)[0] ?? '')}
            />
          );
        }
        const inputId = `${idPrefix}-${field.id}`;
        const error = Object.hasOwn(errors, field.id) ? errors[field.id] : undefined;
        return (
          <div className="field extra-field" key={field.id} data-field-id={field.id}>
            {error === undefined ? null : (
              <p className="field-error" id={errorId(inputId)}>
                {error}
              </p>
            )}
            <FieldBody
              field={field}
              inputId={inputId}
              error={error}
              answer={storedAnswer(defaultValues, field)}
            />
          </div>
        );
      })}
    </div>
  );
}
