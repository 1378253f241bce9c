/**
 * One entry of the cart page: image, title, options, answers, unit price, and its two plain
 * forms (quantity: POST /cart/update; removal: POST /cart/remove) that work without JavaScript.
 * Hydrated, the same forms submit through the JSON cart API; the page's crumb inputs sit outside
 * the island and join the forms by id. An entry with an extra-fields form has a disclosure
 * "Edit answers" holding its answers form (AnswersEditor), the same markup before and after
 * hydration, so it works without scripts and hydration moves nothing. The editor's code (with the
 * extra-fields section) is fetched on the shopper's first reach into such an entry; until it is
 * here the disclosure holds the server's plain form (src/islands/deferred-part.tsx).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AdditionalFields } from '../../shared/cart/additional-fields.ts';
import { deferredPart } from '../deferred-part.tsx';
import type { AnswersEditorProps } from './AnswersEditor.tsx';
import type { CartAnswer } from './cart-api.ts';
import { removeFormId, updateFormId } from './form-ids.ts';
import type { CartLine } from './props.ts';

export const EDIT_ANSWERS_LABEL = 'Edit answers';

export const answersEditor = deferredPart<AnswersEditorProps>(
  async () => (await import('./AnswersEditor.tsx')).AnswersEditor,
);

/** What counts as reaching into an entry: its editor's code is fetched then. */
const REACH_EVENTS = ['pointerdown', 'focusin', 'keydown', 'toggle'] as const;

export function entryErrorId(entryId: string): string {
  return `cart-entry-error-${entryId}`;
}

/** The entry's chosen options or its answers, each name beside its value; nothing when none. */
function NamedValues({
  className,
  values,
}: {
  readonly className: string;
  readonly values: readonly { readonly name: string; readonly value: string }[];
}) {
  if (values.length === 0) return null;
  return (
    <dl className={className}>
      {values.map(({ name, value }) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface CartEntryProps {
  readonly line: CartLine;
  readonly money: (cents: number) => string;
  readonly quantityMin: number;
  readonly quantityMax: number;
  readonly hydrated: boolean;
  /** Every control is disabled while a change of the cart is in flight or it recalculates. */
  readonly disabled: boolean;
  readonly error: string | undefined;
  /** Resolves false when the change is refused (its message is shown as the entry's error). */
  readonly onQuantity: (line: CartLine, text: string) => Promise<boolean>;
  readonly onRemove: (line: CartLine) => void;
  readonly onSaveAnswers: (line: CartLine, answers: AdditionalFields) => Promise<CartAnswer>;
  /** Field errors of this entry's refused plain answers form: its editor starts open. */
  readonly reopenedErrors?: Readonly<Record<string, string>> | undefined;
}

function QuantityForm(props: CartEntryProps) {
  const { line, disabled, error } = props;
  const [text, setText] = useState(String(line.quantity));
  // The server's quantity wins once it answers (a change elsewhere, a merge of two entries).
  useEffect(() => setText(String(line.quantity)), [line.quantity]);
  const inputId = `quantity-${line.id}`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled) return;
    // A refused number does not stay in the box: it goes back to the line's quantity, which
    // the line still has, and the refusal's message says why.
    void props.onQuantity(line, text).then((accepted) => {
      if (!accepted) setText(String(line.quantity));
    });
  };
  return (
    <form
      className="cart-entry-quantity"
      id={updateFormId(line.id)}
      method="post"
      action="/cart/update"
      onSubmit={submit}
    >
      <input type="hidden" name="entryId" value={line.id} />
      <label htmlFor={inputId}>Quantity</label>
      <input
        type="number"
        id={inputId}
        name="quantity"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        min={props.quantityMin}
        max={props.quantityMax}
        step="1"
        inputMode="numeric"
        required
        disabled={disabled}
        {...(error === undefined
          ? {}
          : { 'aria-invalid': true, 'aria-describedby': entryErrorId(line.id) })}
      />
      <button type="submit" disabled={disabled}>
        Update<span className="visually-hidden">{` quantity of ${line.title}`}</span>
      </button>
    </form>
  );
}

export function CartEntry(props: CartEntryProps) {
  const { line, money, hydrated, disabled, error, reopenedErrors } = props;
  const form = line.form;
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const [editing, setEditing] = useState(reopenedErrors !== undefined);
  const refocus = useRef(false);
  // The refused post's errors belong to the answers it refused, not to the form after a save.
  const answersKey = JSON.stringify(line.additionalFields);
  const refusedKey = useRef(answersKey);
  const entry = useRef<HTMLLIElement>(null);
  const [editorHere, setEditorHere] = useState(answersEditor.loaded());
  const hasEditor = form !== null && form.fields.length > 0;
  useEffect(() => {
    const element = entry.current;
    if (!hasEditor || element === null || editorHere) return;
    const reach = () => {
      answersEditor.load().then(
        () => setEditorHere(true),
        () => undefined,
      );
    };
    // An editor opened by a refused post, or a disclosure already open, is reached for already.
    if (details.current?.open === true) reach();
    for (const name of REACH_EVENTS) element.addEventListener(name, reach, { capture: true });
    return () => {
      for (const name of REACH_EVENTS) element.removeEventListener(name, reach, { capture: true });
    };
  }, [hasEditor, editorHere]);
  const closeEditor = () => {
    refocus.current = true;
    if (details.current) details.current.open = false;
    setEditing(false);
  };
  // Opened, the first field takes focus so the shopper types straight away.
  const toggled = (open: boolean) => {
    setEditing(open);
    if (open && hydrated)
      details.current
        ?.querySelector<HTMLElement>(
          '.cart-entry-answers-form :is(input:not([type=hidden]), select, textarea)',
        )
        ?.focus();
  };
  // Back to the control that opened the editor once it takes input again (the cart may still be
  // recalculating when the editor closes); the live region says what was saved.
  useEffect(() => {
    if (!refocus.current || editing || disabled) return;
    refocus.current = false;
    summary.current?.focus();
  }, [editing, disabled]);
  return (
    <li className="cart-entry" data-entry-id={line.id} ref={entry}>
      {line.image ? (
        <img
          className="cart-entry-image"
          src={line.image.url}
          alt={line.image.altText}
          width={96}
          height={96}
          loading="lazy"
        />
      ) : (
        <span className="cart-entry-image cart-entry-image-none" aria-hidden="true"></span>
      )}
      <div className="cart-entry-details">
        <h2 className="cart-entry-title">
          {line.fullUrl === null ? line.title : <a href={line.fullUrl}>{line.title}</a>}
        </h2>
        <NamedValues className="cart-entry-options" values={line.attributes} />
        <NamedValues
          className="cart-entry-answers"
          values={line.answers.map(({ title, value }) => ({ name: title, value }))}
        />
        {form === null || form.fields.length === 0 ? null : (
          <details
            className="cart-entry-edit"
            ref={details}
            // Only the first render decides: afterwards the shopper opens and closes it.
            open={reopenedErrors !== undefined}
            onToggle={(event) => toggled(event.currentTarget.open)}
          >
            <summary id={`cart-edit-${line.id}`} ref={summary}>
              {EDIT_ANSWERS_LABEL}
              <span className="visually-hidden">{` for ${line.title}`}</span>
            </summary>
            <answersEditor.Part
              // Saved answers become the form's new starting point.
              key={answersKey}
              line={{ ...line, form }}
              disabled={editorHere && disabled}
              // As the server rendered them until the editor's code is here (deferred-part.tsx).
              hydrated={hydrated && editorHere}
              initialErrors={answersKey === refusedKey.current ? reopenedErrors : undefined}
              onSave={(answers) => props.onSaveAnswers(line, answers)}
              onClose={closeEditor}
            />
          </details>
        )}
        <p className="cart-entry-price">{`${money(line.unitPriceCents)} each`}</p>
      </div>
      <div className="cart-entry-actions">
        {line.quantityEditable ? (
          <QuantityForm {...props} />
        ) : (
          <p className="cart-entry-quantity">{`Quantity: ${line.quantity}`}</p>
        )}
        <form
          className="cart-entry-remove"
          id={removeFormId(line.id)}
          method="post"
          action="/cart/remove"
          onSubmit={(event) => {
            event.preventDefault();
            if (!disabled) props.onRemove(line);
          }}
        >
          <input type="hidden" name="entryId" value={line.id} />
          <button type="submit" disabled={disabled}>
            Remove<span className="visually-hidden">{` ${line.title}`}</span>
          </button>
        </form>
        <p className="cart-entry-subtotal">{money(line.subTotalCents)}</p>
        {error === undefined ? null : (
          <p className="cart-entry-error form-error" id={entryErrorId(line.id)}>
            {error}
          </p>
        )}
      </div>
    </li>
  );
}
