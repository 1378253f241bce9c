/**
 * A form's per-field messages: the API's 400 VALIDATION_FAILED `fields` (or the browser's own
 * checks, raised the same way) shown beside their inputs. Each invalid input says so to
 * assistive technology (aria-invalid) and is described by its message (aria-describedby); after a
 * refused save focus moves to the first invalid input (focus-first-invalid.ts).
 */
import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { ApiError, type FieldErrors } from '../api/client.ts';
import { useFocusFirstInvalid } from './focus-first-invalid.ts';

/** What a field shows of its refusal. */
export interface FieldRefusal {
  /** Spread on the field's input: marked invalid and described by the message, when refused. */
  readonly described: {
    readonly 'aria-invalid'?: true;
    readonly 'aria-describedby'?: string;
  };
  /** The message, to put beneath the field's label (null while the field is fine). */
  readonly message: ReactNode;
}

/** A field's refusal from its message (undefined while the field is fine), shown under `id`. */
export function fieldRefusal(message: string | undefined, id: string): FieldRefusal {
  if (message === undefined) return { described: {}, message: null };
  return {
    described: { 'aria-invalid': true, 'aria-describedby': id },
    message: (
      <p className="field-error" id={id}>
        {message}
      </p>
    ),
  };
}

export interface FieldErrorsOf {
  /** Put on the <form>: focus moves inside it. */
  readonly form: RefObject<HTMLFormElement | null>;
  /** The message of a field, by the key the form shows it under. */
  readonly error: (key: string) => string | undefined;
  /** The refusal of a field, by the key the form shows it under. */
  readonly refusal: (key: string) => FieldRefusal;
  /** Spread on the field's input. */
  readonly described: (key: string) => FieldRefusal['described'];
  /** The message, to put beneath the field's label. */
  readonly message: (key: string) => ReactNode;
  /** Whether any of these fields shows a message (the refusal is then not repeated as a whole). */
  readonly shownFor: (keys: readonly string[]) => boolean;
}

/**
 * `refusal` is the save's error; `local` the messages the browser found before sending, which
 * win; `rename` maps a server key to the key the form shows it under (`variants.0.price` →
 * `price`).
 */
export function useFieldErrors(
  refusal: unknown,
  {
    local = {},
    rename = {},
  }: { local?: FieldErrors; rename?: Readonly<Record<string, string>> } = {},
): FieldErrorsOf {
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, refusal);
  const ids = useId();
  const errors: Record<string, string> = {};
  if (refusal instanceof ApiError)
    for (const [key, message] of Object.entries(refusal.fields))
      errors[rename[key] ?? key] = message;
  Object.assign(errors, local);
  const errorId = (key: string) => `${ids}-${key.replaceAll('.', '-')}-error`;
  const error = (key: string) => errors[key];
  const refusalOf = (key: string) => fieldRefusal(errors[key], errorId(key));
  return {
    form,
    error,
    refusal: refusalOf,
    described: (key) => refusalOf(key).described,
    message: (key) => refusalOf(key).message,
    shownFor: (keys) => keys.some((key) => errors[key] !== undefined),
  };
}
