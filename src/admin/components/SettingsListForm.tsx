/**
 * One list of store settings (shipping options, tax rates, coupons) as a form: each entry's fields
 * editable in place, 'Remove' per entry, 'Add' for a new one, and one save that replaces the list
 * through the store-settings PUT (docs/owner-api.md). A value the browser can already tell is
 * wrong, or one the server refuses, is shown beside its field under the same key
 * (`shippingRates.0.name`), and nothing is saved. The unsaved list is kept in the tab through a
 * login that ends mid-edit (form-draft.ts).
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError, type FieldErrors } from '../api/client.ts';
import { useFormDraft, type DraftValue as KeptValue } from '../form-draft.ts';
import { DraftNotice } from './DraftNotice.tsx';
import { SaveOutcome } from './SaveOutcome.tsx';
import { useFieldErrors } from './field-errors.tsx';
import { SaveForm } from './SaveForm.tsx';
import { Checkbox } from './Checkbox.tsx';

export type DraftValue = string | boolean;
export type DraftValues = Readonly<Record<string, DraftValue>>;

/** A field's stored value, or why the typed value cannot be one; `value: undefined` leaves it out. */
export type Written = { readonly value: unknown } | { readonly error: string };

export interface FieldSpec {
  /** The stored key, also the last part of the field's error key. */
  readonly key: string;
  readonly label: string;
  readonly input: 'text' | 'decimal' | 'checkbox' | 'select' | 'date';
  readonly options?: readonly { readonly value: string; readonly label: string }[];
  /** The stored entry's value as the input shows it. */
  readonly read: (stored: Readonly<Record<string, unknown>>) => DraftValue;
  /** The input's value as stored; the whole entry's inputs are there for fields that depend on others. */
  readonly write: (value: DraftValue, entry: DraftValues) => Written;
}

/** One entry as the form holds it: its React key, the stored entry it edits ({} when new), its inputs. */
interface DraftEntry {
  readonly key: string;
  readonly stored: Readonly<Record<string, unknown>>;
  readonly values: DraftValues;
}

// New entries' keys, unlike any entry kept in a draft from before a reload.
let nextKey = 0;
const newKey = () => `new-${Date.now().toString(36)}-${String((nextKey += 1))}`;

function toDraft(
  stored: Readonly<Record<string, unknown>>,
  fields: readonly FieldSpec[],
  key: string,
): DraftEntry {
  return {
    key,
    stored,
    values: Object.fromEntries(fields.map((field) => [field.key, field.read(stored)])),
  };
}

/** The stored list as the form shows it; stored entries keyed by place, so a draft compares equal. */
const draftsOf = (
  stored: readonly Readonly<Record<string, unknown>>[],
  fields: readonly FieldSpec[],
): DraftEntry[] => stored.map((entry, index) => toDraft(entry, fields, `stored-${String(index)}`));

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The entries of a draft kept in the tab, each input taken only when it has the type the field
 * gives it (a draft from an older version of the page cannot put a wrong type in).
 */
function keptEntries(kept: readonly KeptValue[], fields: readonly FieldSpec[]): DraftEntry[] {
  const records: readonly unknown[] = kept;
  return records.filter(isRecord).map((entry, index) => {
    const stored = isRecord(entry.stored) ? entry.stored : {};
    const values = isRecord(entry.values) ? entry.values : {};
    return {
      key: typeof entry.key === 'string' ? entry.key : `kept-${String(index)}`,
      stored,
      values: Object.fromEntries(
        fields.map((field) => {
          const fallback = field.read(stored);
          const value = values[field.key];
          return [field.key, typeof value === typeof fallback ? (value as DraftValue) : fallback];
        }),
      ),
    };
  });
}

/** The entries as stored, or the errors keyed as the server keys them. */
function writeAll(
  listKey: string,
  entries: readonly DraftEntry[],
  fields: readonly FieldSpec[],
  newEntry: (values: DraftValues) => Record<string, unknown>,
): { list: Record<string, unknown>[]; errors: FieldErrors } {
  const errors: Record<string, string> = {};
  const list = entries.map((entry, index) => {
    const base: Record<string, unknown> =
      Object.keys(entry.stored).length === 0 ? newEntry(entry.values) : { ...entry.stored };
    for (const field of fields) {
      const written = field.write(entry.values[field.key] ?? '', entry.values);
      if ('error' in written) errors[`${listKey}.${String(index)}.${field.key}`] = written.error;
      else if (written.value === undefined) delete base[field.key];
      else base[field.key] = written.value;
    }
    return base;
  });
  return { list, errors };
}

export function SettingsListForm({
  listKey,
  heading,
  noun,
  entries: stored,
  fields,
  entryName,
  newEntry,
  canEdit,
  save: saveList,
}: {
  /** The settings key the list is saved under: coupons, shippingRates or taxRules. */
  readonly listKey: string;
  readonly heading: string;
  /** One entry, in lower case: 'shipping option'. */
  readonly noun: string;
  readonly entries: readonly Readonly<Record<string, unknown>>[];
  readonly fields: readonly FieldSpec[];
  /** How an entry is named in its legend and buttons. */
  readonly entryName: (values: DraftValues, index: number) => string;
  /** The fields a new entry needs beside its inputs (its id). */
  readonly newEntry: (values: DraftValues) => Record<string, unknown>;
  readonly canEdit: boolean;
  /** Replaces the stored list; answers the list as now stored. */
  readonly save: (
    list: Record<string, unknown>[],
  ) => Promise<readonly Readonly<Record<string, unknown>>[]>;
}) {
  const ids = useId();
  const draft = useFormDraft(`settings:${listKey}`, {
    entries: draftsOf(stored, fields) as unknown as readonly KeptValue[],
  });
  const entries = keptEntries(draft.values.entries, fields);
  const setEntries = (next: readonly DraftEntry[]) =>
    draft.set('entries', next as unknown as readonly KeptValue[]);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationFn: async () => {
      const { list, errors } = writeAll(listKey, entries, fields, newEntry);
      setLocalErrors(errors);
      if (Object.keys(errors).length > 0)
        throw new ApiError(400, 'VALIDATION_FAILED', 'Check the fields marked below.', errors);
      return saveList(list);
    },
    // The entries as stored from now on (a new one keeps the id it was saved with); no draft.
    onSuccess: (saved) =>
      draft.replace({ entries: draftsOf(saved, fields) as unknown as readonly KeptValue[] }),
  });
  const errors = useFieldErrors(save.error, { local: localErrors });
  const { error, described, message } = errors;
  const headingId = `${ids}-heading`;

  const change = (index: number, key: string, value: DraftValue) =>
    setEntries(
      entries.map((entry, at) =>
        at === index ? { ...entry, values: { ...entry.values, [key]: value } } : entry,
      ),
    );
  const add = () => setEntries([...entries, toDraft({}, fields, newKey())]);
  const remove = (index: number) => {
    setEntries(entries.filter((_, at) => at !== index));
    setLocalErrors({});
    save.reset();
  };

  const fieldInput = (entry: DraftEntry, index: number, field: FieldSpec) => {
    const errorKey = `${listKey}.${String(index)}.${field.key}`;
    const value = entry.values[field.key];
    if (field.input === 'checkbox')
      return (
        <div key={field.key}>
          <Checkbox
            label={field.label}
            checked={value === true}
            disabled={!canEdit}
            {...described(errorKey)}
            onChange={(checked) => change(index, field.key, checked)}
          />
          {message(errorKey)}
        </div>
      );
    return (
      <div key={field.key}>
        <label>
          {field.label}
          {field.input === 'select' ? (
            <select
              value={String(value)}
              disabled={!canEdit}
              onChange={(e) => change(index, field.key, e.target.value)}
              {...described(errorKey)}
            >
              {field.options?.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              type={field.input === 'date' ? 'date' : 'text'}
              inputMode={field.input === 'decimal' ? 'decimal' : undefined}
              value={String(value)}
              disabled={!canEdit}
              onChange={(e) => change(index, field.key, e.target.value)}
              {...described(errorKey)}
            />
          )}
        </label>
        {message(errorKey)}
      </div>
    );
  };

  return (
    <SaveForm
      save={save}
      errors={errors}
      className="panel settings-list"
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>{heading}</h2>
      <DraftNotice draft={draft} what={`the ${heading.toLowerCase()}`} />
      {entries.length === 0 ? <p>No {noun}s yet.</p> : null}
      {entries.map((entry, index) => {
        const name = entryName(entry.values, index);
        const entryError = error(`${listKey}.${String(index)}`);
        return (
          <fieldset key={entry.key} className="settings-entry">
            <legend>{name}</legend>
            {entryError ? <p className="field-error">{entryError}</p> : null}
            <div className="settings-fields">
              {fields.map((field) => fieldInput(entry, index, field))}
            </div>
            {canEdit ? (
              <button type="button" onClick={() => remove(index)}>
                Remove {name}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      {error(listKey) ? <p className="field-error">{error(listKey)}</p> : null}
      {canEdit ? (
        <div className="settings-actions">
          <button type="button" onClick={add}>
            Add a {noun}
          </button>
          <button type="submit" disabled={save.isPending}>
            Save {heading.toLowerCase()}
          </button>
        </div>
      ) : null}
      <SaveOutcome save={save} />
    </SaveForm>
  );
}
