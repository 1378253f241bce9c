/**
 * Says a form's values came back from a draft kept in the tab (form-draft.ts), and offers to drop
 * them: the owner sees that what is on the page is not what is saved.
 */
import type { FormDraft } from '../form-draft.ts';

export function DraftNotice({
  draft,
  what,
}: {
  readonly draft: Pick<FormDraft<never>, 'restored' | 'discard'>;
  /** What the form edits, as in 'Your unsaved changes to this product are back'. */
  readonly what: string;
}) {
  if (!draft.restored) return null;
  return (
    <p className="notice" role="note">
      Your unsaved changes to {what} are back; save them or{' '}
      <button type="button" onClick={draft.discard}>
        Discard changes
      </button>
      .
    </p>
  );
}
