/**
 * One list of store settings (shipping options, tax rates, coupons) as a form: each entry's fields
 * editable in place, 'Remove' per entry, 'Add' for a new one, and one save that replaces the list
 * through the store-settings PUT (docs/owner-api.md). A value the browser can already tell is
 * wrong, or one the server refuses, is shown beside its field under the same key
 * (`shippingRates.0.name`), and nothing is saved.
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, type FieldErrors } from '../api/client.ts';
import { SaveOutcome } from './SaveOutcome.tsx';
import { useFocusFirstInvalid } from './focus-first-invalid.ts';

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

interface DraftEntry {
  readonly key: string;
  readonly stored: Readonly<Record<string, unknown>>;
  readonly values: DraftValues;
}

let nextKey = 0;
const draftKey = () => `entry-${String((nextKey += 1))}`;

function toDraft(stored: Readonly<Record<string, unknown>>, fields: readonly FieldSpec[]) {
  return {
    key: draftKey(),
    stored,
    values: Object.fromEntries(fields.map((field) => [field.key, field.read(stored)])),
  };
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
  const [entries, setEntries] = useState<DraftEntry[]>(() =>
    stored.map((entry) => toDraft(entry, fields)),
  );
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationFn: async () => {
      const { list, errors } = writeAll(listKey, entries, fields, newEntry);
      setLocalErrors(errors);
      if (Object.keys(errors).length > 0)
        throw new ApiError(400, 'VALIDATION_FAILED', 'Check the fields marked below.', errors);
      return saveList(list);
    },
    // The entries as stored from now on: a new one keeps the id it was saved with.
    onSuccess: (saved) => setEntries(saved.map((entry) => toDraft(entry, fields))),
  });
  const serverErrors = save.error instanceof ApiError ? save.error.fields : {};
  const errors: FieldErrors = { ...serverErrors, ...localErrors };
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, save.error);
  const headingId = `${ids}-heading`;
  const errorId = (key: string) => `${ids}-${key.replaceAll('.', '-')}-error`;

  const change = (index: number, key: string, value: DraftValue) =>
    setEntries((current) =>
      current.map((entry, at) =>
        at === index ? { ...entry, values: { ...entry.values, [key]: value } } : entry,
      ),
    );
  const add = () =>
    setEntries((current) => [
      ...current,
      { key: draftKey(), stored: {}, values: toDraft({}, fields).values },
    ]);
  const remove = (index: number) => {
    setEntries((current) => current.filter((_, at) => at !== index));
    setLocalErrors({});
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  const fieldInput = (entry: DraftEntry, index: number, field: FieldSpec) => {
    const errorKey = `${listKey}.${String(index)}.${field.key}`;
    const error = errors[errorKey];
    const value = entry.values[field.key];
    const described = error ? { 'aria-invalid': true, 'aria-describedby': errorId(errorKey) } : {};
    const message = error ? (
      <p className="field-error" id={errorId(errorKey)}>
        {error}
      </p>
    ) : null;
    if (field.input === 'checkbox')
      return (
        <div key={field.key}>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={value === true}
              disabled={!canEdit}
              onChange={(e) => change(index, field.key, e.target.checked)}
              {...described}
            />
            {field.label}
          </label>
          {message}
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
              {...described}
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
              {...described}
            />
          )}
        </label>
        {message}
      </div>
    );
  };

  return (
    <form
      ref={form}
      onSubmit={submit}
      className="panel settings-list"
      aria-labelledby={headingId}
      noValidate
    >
      <h2 id={headingId}>{heading}</h2>
      {entries.length === 0 ? <p>No {noun}s yet.</p> : null}
      {entries.map((entry, index) => {
        const name = entryName(entry.values, index);
        const entryError = errors[`${listKey}.${String(index)}`];
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
      {errors[listKey] ? <p className="field-error">{errors[listKey]}</p> : null}
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
    </form>
  );
}
