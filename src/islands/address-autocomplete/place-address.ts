/**
 * A places provider's details answer (Google Places-style `result.address_components`) read as
 * the checkout's address inputs: street number and route as Address line 1, the locality (or
 * postal town) as City, the first-level area's short name as Region, the postal code, and the
 * country's two-letter code.
 */

export interface PlaceAddress {
  readonly line1: string;
  readonly city: string;
  readonly region: string;
  readonly postalCode: string;
  readonly country: string;
}

interface Component {
  readonly long_name?: unknown;
  readonly short_name?: unknown;
  readonly types?: unknown;
}

function componentsOf(details: unknown): Component[] {
  const result = (details as { result?: { address_components?: unknown } } | null)?.result;
  const list = result?.address_components;
  return Array.isArray(list)
    ? list.filter((item): item is Component => typeof item === 'object' && item !== null)
    : [];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The address in the details, or undefined when it carries no address at all. */
export function placeAddress(details: unknown): PlaceAddress | undefined {
  const components = componentsOf(details);
  const find = (type: string, name: 'long_name' | 'short_name' = 'long_name') => {
    const found = components.find(
      (component) => Array.isArray(component.types) && component.types.includes(type),
    );
    return found ? text(found[name]) : '';
  };
  const street = [find('street_number'), find('route')].filter(Boolean).join(' ');
  const address: PlaceAddress = {
    line1: street || find('premise'),
    city: find('locality') || find('postal_town') || find('sublocality'),
    region: find('administrative_area_level_1', 'short_name'),
    postalCode: find('postal_code'),
    country: find('country', 'short_name'),
  };
  return Object.values(address).some(Boolean) ? address : undefined;
}
