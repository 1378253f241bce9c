/**
 * A labelled input whose refusal is given as the server's message about it (forms that read
 * their refusals by hand rather than through useFieldErrors): the owner reads which field was
 * refused beneath it, and the input is marked invalid and described by the message.
 */
import { useId, type ComponentProps } from 'react';
import { fieldRefusal } from './field-errors.tsx';
import { LabelledInput } from './LabelledInput.tsx';

export function TextField({
  error,
  ...input
}: Omit<ComponentProps<typeof LabelledInput>, 'refusal'> & {
  readonly value: string;
  /** The field's message, or undefined while the field is fine. */
  readonly error: string | undefined;
}) {
  const errorId = `${useId()}-error`;
  return <LabelledInput {...input} refusal={fieldRefusal(error, errorId)} />;
}
