/**
 * One entry of the cart page: image, title, options, answers, unit price, and its two plain
 * forms (quantity: POST /cart/update; removal: POST /cart/remove) that work without JavaScript.
 * Hydrated, the same forms submit through the JSON cart API; the page's crumb inputs sit outside
 * the island and join the forms by id. An entry with an extra-fields form gets an edit control
 * once scripts run (it keeps its place before then, so hydration moves nothing).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AdditionalFields } from '../../shared/cart/additional-fields.ts';
import { AnswersEditor, editorId } from './AnswersEditor.tsx';
import type { CartAnswer } from './cart-api.ts';
import { removeFormId, updateFormId, type CartLine } from './props.ts';

export const EDIT_ANSWERS_LABEL = 'Edit answers';

export function entryErrorId(entryId: string): string {
  return `cart-entry-error-${entryId}`;
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
  readonly onQuantity: (line: CartLine, text: string) => void;
  readonly onRemove: (line: CartLine) => void;
  readonly onSaveAnswers: (line: CartLine, answers: AdditionalFields) => Promise<CartAnswer>;
}

function QuantityForm(props: CartEntryProps) {
  const { line, disabled, error } = props;
  const [text, setText] = useState(String(line.quantity));
  // The server's quantity wins once it answers (a change elsewhere, a merge of two entries).
  useEffect(() => setText(String(line.quantity)), [line.quantity]);
  const inputId = `quantity-${line.id}`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!disabled) props.onQuantity(line, text);
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
  const { line, money, hydrated, disabled, error } = props;
  const [editing, setEditing] = useState(false);
  const form = line.form;
  const editButtonId = `cart-edit-${line.id}`;
  const editButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const closeEditor = () => {
    refocus.current = true;
    setEditing(false);
  };
  // Back to the control that opened the editor once it takes input again (the cart may still be
  // recalculating when the editor closes); the live region says what was saved.
  useEffect(() => {
    if (!refocus.current || editing || disabled) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing, disabled]);
  return (
    <li className="cart-entry" data-entry-id={line.id}>
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
        {line.attributes.length === 0 ? null : (
          <dl className="cart-entry-options">
            {line.attributes.map((attribute) => (
              <div key={attribute.name}>
                <dt>{attribute.name}</dt>
                <dd>{attribute.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {line.answers.length === 0 ? null : (
          <dl className="cart-entry-answers">
            {line.answers.map((answer) => (
              <div key={answer.title}>
                <dt>{answer.title}</dt>
                <dd>{answer.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {form === null || form.fields.length === 0 ? null : (
          <>
            <button
              type="button"
              id={editButtonId}
              ref={editButton}
              // Invisible until scripts run: its place is kept, so hydration moves nothing.
              className={hydrated ? 'cart-entry-edit' : 'cart-entry-edit is-inert'}
              aria-expanded={editing}
              aria-controls={editing ? editorId(line.id) : undefined}
              disabled={!hydrated || disabled || editing}
              onClick={() => setEditing(true)}
            >
              {EDIT_ANSWERS_LABEL}
              <span className="visually-hidden">{` for ${line.title}`}</span>
            </button>
            {editing ? (
              <AnswersEditor
                line={{ ...line, form }}
                disabled={disabled}
                onSave={(answers) => props.onSaveAnswers(line, answers)}
                onClose={closeEditor}
              />
            ) : null}
          </>
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
