/**
 * Opens the extra-fields lightbox over the page and resolves with the answers, in the shape the
 * cart entry's `additionalFields` takes (send it as JSON text with the entry), or null when the
 * shopper closes it. Focus goes back to the opener either way.
 */
import { createRoot } from 'react-dom/client';
import type { AdditionalFields } from '../../shared/cart/additional-fields.ts';
import { toFieldDefinitions, type ExtraFieldSource } from '../../shared/forms/extra-field-parts.ts';
import { ExtraFieldsDialog } from './ExtraFieldsDialog.tsx';

export interface OpenExtraFieldsDialogOptions {
  readonly formId: string;
  /** The form's fields: full definitions, or the purchase form's view of plain fields. */
  readonly form: readonly ExtraFieldSource[];
  /** The control that opened the lightbox; it gets focus back when it closes. */
  readonly opener: HTMLElement;
  /** The lightbox's heading (the form's name, when the caller has it). */
  readonly title?: string;
  readonly submitLabel?: string;
}

export const DEFAULT_DIALOG_TITLE = 'Additional Information';
export const DEFAULT_SUBMIT_LABEL = 'Add to Cart';

export function openExtraFieldsDialog(
  options: OpenExtraFieldsDialogOptions,
): Promise<AdditionalFields | null> {
  return new Promise((resolve) => {
    const container = document.createElement('div');
    container.className = 'extra-fields-lightbox-root';
    document.body.append(container);
    const root = createRoot(container);
    const done = (answers: AdditionalFields | null) => {
      // Unmount outside React's own update, then hand focus back before the caller continues.
      queueMicrotask(() => {
        root.unmount();
        container.remove();
        options.opener.focus();
        resolve(answers);
      });
    };
    root.render(
      <ExtraFieldsDialog
        formId={options.formId}
        fields={toFieldDefinitions(options.form)}
        title={options.title ?? DEFAULT_DIALOG_TITLE}
        submitLabel={options.submitLabel ?? DEFAULT_SUBMIT_LABEL}
        onDone={done}
      />,
    );
  });
}
