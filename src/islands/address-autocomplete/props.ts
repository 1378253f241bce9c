/**
 * The address autocomplete island's props: the ids of the checkout form's server-rendered
 * inputs it enhances and fills. Read from JSON on both sides, so they are checked here.
 */

export interface AddressAutocompleteProps {
  /** The Address line 1 input that becomes the combobox. */
  readonly inputId: string;
  readonly listboxId: string;
  /** The inputs a chosen place fills besides Address line 1. */
  readonly fieldIds: {
    readonly city: string;
    readonly region: string;
    readonly postalCode: string;
    readonly country: string;
  };
}

const ID = /^[A-Za-z][\w-]{0,99}$/;

/** The `keys` of `value` when every one is an element id, else undefined. */
function elementIds<K extends string>(
  value: unknown,
  keys: readonly K[],
): Record<K, string> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const raw = value as Record<string, unknown>;
  const found: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const id = raw[key];
    if (typeof id !== 'string' || !ID.test(id)) return undefined;
    found[key] = id;
  }
  return found as Record<K, string>;
}

/** The props, or undefined when anything is missing or not an element id. */
export function readAddressAutocompleteProps(value: unknown): AddressAutocompleteProps | undefined {
  const inputs = elementIds(value, ['inputId', 'listboxId']);
  const fields = (value as { fieldIds?: unknown } | null | undefined)?.fieldIds;
  const fieldIds = elementIds(fields, ['city', 'region', 'postalCode', 'country']);
  return inputs && fieldIds ? { ...inputs, fieldIds } : undefined;
}
