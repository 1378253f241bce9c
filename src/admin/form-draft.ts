/**
 * A form's unsaved values kept in the tab's sessionStorage, keyed by owner, page and form, so an
 * owner whose login ends mid-edit gets the form back as it was after logging in again, even when
 * the page was reloaded or opened anew on the login form in between. Values are written on every
 * change, restored when the form mounts, and removed on a successful save or an explicit
 * discard; logging out removes every draft of the tab (the next owner at this browser must not
 * see them). The owner's id is in the key: another owner logging in on the same tab after an
 * expiry never sees the draft, and since an owner account belongs to one site, neither does
 * another site's owner.
 */
import { useCallback, useContext, useState } from 'react';
import { SessionContext } from './owner-session.ts';

const PREFIX = 'vitrine.admin.draft:';

/** What a draft can hold: JSON, so a list form (shipping options) keeps its entries too. */
export type DraftValue =
  | string
  | number
  | boolean
  | null
  | readonly DraftValue[]
  | { readonly [field: string]: DraftValue };
type DraftValues = Readonly<Record<string, DraftValue>>;

/** The storage key of one owner's form on one page of the dashboard. */
export function draftKey(ownerId: string, pathname: string, form: string): string {
  return `${PREFIX}${ownerId}:${pathname}#${form}`;
}

/** A value's JSON kind: a draft field is taken only when it has the kind the form gives it. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (a privacy mode): the form works, it just keeps nothing.
    return undefined;
  }
}

/**
 * The stored draft of a form, field by field, taking only the fields the form has with the
 * type it gives them: a draft from an older version of the page cannot put a wrong type in
 * (a list's entries are the form's to check: see `SettingsListForm`).
 */
function readDraft<T extends DraftValues>(key: string, saved: T): T | undefined {
  let raw: string | null | undefined;
  try {
    raw = storage()?.getItem(key);
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const stored = parsed as Record<string, unknown>;
  const values: Record<string, DraftValue> = { ...saved };
  let differs = false;
  for (const [field, value] of Object.entries(saved)) {
    const kept = stored[field];
    if (kept === undefined || kindOf(kept) !== kindOf(value)) continue;
    values[field] = kept as DraftValue;
    differs ||= JSON.stringify(kept) !== JSON.stringify(value);
  }
  return differs ? (values as T) : undefined;
}

function writeDraft(key: string | undefined, values: DraftValues | undefined): void {
  if (key === undefined) return;
  try {
    if (values === undefined) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(values));
  } catch {
    // A full storage loses the draft, never the edit on the page.
  }
}

/** Removes every form draft of this tab (on logout). */
export function clearFormDrafts(): void {
  const store = storage();
  if (!store) return;
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}

export interface FormDraft<T extends DraftValues> {
  /** The form's values: the draft's when one was kept, else the saved ones. */
  readonly values: T;
  /** Whether the values shown came from a draft kept from before (a login that ended, a reload). */
  readonly restored: boolean;
  readonly set: <K extends keyof T>(field: K, value: T[K]) => void;
  /** The form was saved: its draft goes, the values stay as they are. */
  readonly clear: () => void;
  /** The form was saved and the server answers these values: they are shown, no draft kept. */
  readonly replace: (values: T) => void;
  /** The owner drops the unsaved changes: back to the saved values, draft removed. */
  readonly discard: () => void;
}

/**
 * The values of the form `form` on the current page, starting from `saved` (the record as the
 * server has it) unless this tab kept a draft of them for the logged-in owner. Outside a login
 * nothing is kept.
 */
export function useFormDraft<T extends DraftValues>(form: string, saved: T): FormDraft<T> {
  const ownerId = useContext(SessionContext)?.owner.id;
  const [key] = useState(() =>
    ownerId === undefined ? undefined : draftKey(ownerId, window.location.pathname, form),
  );
  const [state, setState] = useState(() => {
    const draft = key === undefined ? undefined : readDraft(key, saved);
    return { values: draft ?? saved, restored: draft !== undefined };
  });
  const set = useCallback(
    <K extends keyof T>(field: K, value: T[K]) => {
      setState((current) => {
        const values = { ...current.values, [field]: value };
        writeDraft(key, values);
        return { ...current, values };
      });
    },
    [key],
  );
  const clear = useCallback(() => {
    writeDraft(key, undefined);
    setState((current) => ({ ...current, restored: false }));
  }, [key]);
  const replace = useCallback(
    (values: T) => {
      writeDraft(key, undefined);
      setState({ values, restored: false });
    },
    [key],
  );
  const discard = useCallback(() => {
    writeDraft(key, undefined);
    setState({ values: saved, restored: false });
  }, [key, saved]);
  return { values: state.values, restored: state.restored, set, clear, replace, discard };
}
