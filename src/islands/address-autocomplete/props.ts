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

function id(value: unknown): string | undefined {
  return typeof value === 'string' && ID.test(value) ? value : undefined;
}

/** The props, or undefined when anything is missing or not an element id. */
export function readAddressAutocompleteProps(value: unknown): AddressAutocompleteProps | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const raw = value as Record<string, unknown>;
  const fields = (
    typeof raw.fieldIds === 'object' && raw.fieldIds !== null ? raw.fieldIds : {}
  ) as Record<string, unknown>;
  const inputId = id(raw.inputId);
  const listboxId = id(raw.listboxId);
  const city = id(fields.city);
  const region = id(fields.region);
  const postalCode = id(fields.postalCode);
  const country = id(fields.country);
  if (!inputId || !listboxId || !city || !region || !postalCode || !country) return undefined;
  return { inputId, listboxId, fieldIds: { city, region, postalCode, country } };
}
