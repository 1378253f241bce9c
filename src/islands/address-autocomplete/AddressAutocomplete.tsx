/**
 * Address autocomplete on the checkout page (issue #9), rendered only when the server has a
 * places provider key. It enhances the server-rendered Address line 1 input into an accessible
 * combobox (ARIA 1.2 pattern: role=combobox, aria-expanded, aria-controls, aria-activedescendant
 * over a listbox): typing asks the places proxy for suggestions after a pause, arrow keys move
 * through them, Enter or a click picks one, Escape closes the list. The picked place's details
 * fill Address line 1, City, Region, Postal code and Country. The proxy answering 503 (no key)
 * or failing turns the island off for the page: the inputs stay the plain form they were, and
 * the form posts as it does without JavaScript.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CHECKOUT_TRACKING_CONTEXT,
  fetchAddress,
  fetchSuggestions,
  type Suggestion,
} from './places-api.ts';
import { readAddressAutocompleteProps } from './props.ts';

/** Waits this long after the last keystroke before asking for suggestions. */
export const DEBOUNCE_MS = 250;
/** Fewer characters than this ask for nothing. */
export const MIN_INPUT_LENGTH = 3;
export const LISTBOX_LABEL = 'Address suggestions';
export const FILLED_ANNOUNCEMENT = 'Address filled in.';

export function suggestionsAnnouncement(count: number): string {
  if (count === 0) return 'No address suggestions.';
  return count === 1
    ? '1 address suggestion. Use the arrow keys to choose it.'
    : `${count} address suggestions. Use the arrow keys to choose one.`;
}

/** A provider session token (groups one search and its details call); plain HTTP too. */
function newSessionToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function inputById(id: string): HTMLInputElement | undefined {
  const element = document.getElementById(id);
  return element instanceof HTMLInputElement ? element : undefined;
}

/** A field it fills: a text box, or a list (the country, and the state where it has a list). */
function fieldById(id: string): HTMLInputElement | HTMLSelectElement | undefined {
  const element = document.getElementById(id);
  return element instanceof HTMLSelectElement ? element : inputById(id);
}

const COMBOBOX_ATTRIBUTES = [
  'role',
  'aria-autocomplete',
  'aria-expanded',
  'aria-controls',
  'aria-activedescendant',
] as const;

export default function AddressAutocomplete(rawProps: Readonly<Record<string, unknown>>) {
  const props = readAddressAutocompleteProps(rawProps);
  const [suggestions, setSuggestions] = useState<readonly Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState('');
  const [enabled, setEnabled] = useState(props !== undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<AbortController | undefined>(undefined);
  const session = useRef('');
  const inputId = props?.inputId ?? '';
  const listboxId = props?.listboxId ?? '';
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);

  /** Off for this page: the plain form, with nothing of the combobox left on the input. */
  const turnOff = useCallback(() => {
    setEnabled(false);
    setSuggestions([]);
    close();
  }, [close]);

  const search = useCallback(
    (text: string) => {
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      if (session.current === '') session.current = newSessionToken();
      fetchSuggestions(text, session.current, CHECKOUT_TRACKING_CONTEXT, controller.signal).then(
        (found) => {
          if (controller.signal.aborted) return;
          setSuggestions(found);
          setActive(-1);
          setOpen(found.length > 0);
          setAnnouncement(suggestionsAnnouncement(found.length));
        },
        (error: unknown) => {
          if (
            !controller.signal.aborted &&
            !(error instanceof Error && error.name === 'AbortError')
          )
            turnOff();
        },
      );
    },
    [turnOff],
  );

  const choose = useCallback(
    (suggestion: Suggestion) => {
      close();
      if (!props) return;
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      const token = session.current || newSessionToken();
      // The details call ends the provider session: the next search starts a new one.
      session.current = '';
      fetchAddress(suggestion.placeId, token, CHECKOUT_TRACKING_CONTEXT, controller.signal).then(
        (address) => {
          if (controller.signal.aborted || !address) return;
          const { fieldIds } = props;
          const fills: [string, string][] = [
            [props.inputId, address.line1],
            [fieldIds.city, address.city],
            [fieldIds.postalCode, address.postalCode],
            // The country first: choosing it can turn the region into that country's list.
            [fieldIds.country, address.country],
            [fieldIds.region, address.region],
          ];
          for (const [id, value] of fills) {
            const input = fieldById(id);
            if (!input || value === '') continue;
            input.value = value;
            // 'change', not 'input': listeners see the new value without starting a search.
            input.dispatchEvent(new Event('change', { bubbles: true }));
          }
          setSuggestions([]);
          setAnnouncement(FILLED_ANNOUNCEMENT);
        },
        (error: unknown) => {
          if (
            !controller.signal.aborted &&
            !(error instanceof Error && error.name === 'AbortError')
          )
            turnOff();
        },
      );
    },
    [close, props, turnOff],
  );

  // The input's combobox attributes follow the state; removed when the island turns off.
  useEffect(() => {
    const input = inputById(inputId);
    if (!input) return;
    if (!enabled) {
      for (const name of COMBOBOX_ATTRIBUTES) input.removeAttribute(name);
      return;
    }
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', listboxId);
    input.setAttribute('aria-expanded', String(open));
    if (open && active >= 0) input.setAttribute('aria-activedescendant', optionId(active));
    else input.removeAttribute('aria-activedescendant');
  });

  useEffect(() => {
    const input = inputById(inputId);
    if (!input || !enabled) return;
    const onInput = () => {
      clearTimeout(timer.current);
      const text = input.value.trim();
      if (text.length < MIN_INPUT_LENGTH) {
        pending.current?.abort();
        setSuggestions([]);
        close();
        return;
      }
      timer.current = setTimeout(() => search(text), DEBOUNCE_MS);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const count = suggestions.length;
      switch (event.key) {
        case 'ArrowDown':
        case 'ArrowUp': {
          if (count === 0) return;
          event.preventDefault();
          const step = event.key === 'ArrowDown' ? 1 : -1;
          setOpen(true);
          setActive((current) =>
            !open || current < 0 ? (step === 1 ? 0 : count - 1) : (current + step + count) % count,
          );
          return;
        }
        case 'Enter': {
          const suggestion = open && active >= 0 ? suggestions[active] : undefined;
          if (!suggestion) return;
          // Picking a suggestion must not submit the order form.
          event.preventDefault();
          choose(suggestion);
          return;
        }
        case 'Escape':
          if (!open) return;
          event.preventDefault();
          close();
          return;
        case 'Tab':
          close();
          return;
      }
    };
    const onBlur = () => close();
    input.addEventListener('input', onInput);
    input.addEventListener('keydown', onKeyDown);
    input.addEventListener('blur', onBlur);
    return () => {
      input.removeEventListener('input', onInput);
      input.removeEventListener('keydown', onKeyDown);
      input.removeEventListener('blur', onBlur);
    };
  }, [active, choose, close, enabled, inputId, open, search, suggestions]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    },
    [],
  );

  if (!props || !enabled) return null;
  return (
    <div className="address-autocomplete">
      <ul
        id={listboxId}
        role="listbox"
        aria-label={LISTBOX_LABEL}
        className="address-suggestions"
        hidden={!open}
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.placeId}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="address-suggestion"
            // Keeps focus in the input, so its blur does not close the list before the click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(suggestion)}
          >
            {suggestion.description}
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
