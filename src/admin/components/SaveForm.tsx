/**
 * An owner form saved through one mutation: submitting runs the save instead of posting the page.
 * The browser's own checks are off (the form's messages come from its checks and the server's,
 * field-errors.tsx), and after a refused save focus moves to the first invalid input.
 */
import type { FormHTMLAttributes, ReactNode } from 'react';
import type { FieldErrorsOf } from './field-errors.tsx';

export function SaveForm({
  save,
  errors,
  children,
  ...form
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> & {
  readonly save: { readonly mutate: () => void };
  readonly errors: Pick<FieldErrorsOf, 'form'>;
  readonly children: ReactNode;
}) {
  return (
    <form
      {...form}
      ref={errors.form}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
      noValidate
    >
      {children}
    </form>
  );
}
