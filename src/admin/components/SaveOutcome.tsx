/**
 * What a form says once Save has answered: 'Saved.', or the server's refusal — unless the
 * refusal named fields, whose messages already stand beside the inputs.
 */
export function SaveOutcome({
  save,
  fieldErrorsShown = false,
}: {
  readonly save: { readonly isSuccess: boolean; readonly error: Error | null };
  readonly fieldErrorsShown?: boolean;
}) {
  return (
    <>
      {save.isSuccess ? <p role="status">Saved.</p> : null}
      {save.error && !fieldErrorsShown ? (
        <p className="form-error" role="alert">
          {save.error.message}
        </p>
      ) : null}
    </>
  );
}
