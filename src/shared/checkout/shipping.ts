/**
 * Shipping options for a cart: the store's rates that serve the destination country, each with
 * its cost for this cart (free above a rate's threshold). Without an explicit choice the
 * cheapest option is used; ties go to the rate listed first in the settings.
 */
import type { ShippingRateSetting } from './settings.ts';

export interface ShippingOption {
  readonly id: string;
  readonly name: string;
  readonly costCents: number;
}

/**
 * Rates that serve `country` (all rates while no country is known, so a first quote can show
 * what shipping may cost), priced for a cart of `subtotalCents` (before discounts).
 */
export function applicableShippingOptions(
  rates: readonly ShippingRateSetting[],
  cart: { subtotalCents: number; country?: string | undefined },
): ShippingOption[] {
  return rates
    .filter((rate) => !cart.country || !rate.countries || rate.countries.includes(cart.country))
    .map((rate) => ({
      id: rate.id,
      name: rate.name,
      costCents:
        rate.freeAboveSubtotalCents !== undefined &&
        cart.subtotalCents >= rate.freeAboveSubtotalCents
          ? 0
          : rate.amountCents,
    }));
}

export function cheapestOption(options: readonly ShippingOption[]): ShippingOption | undefined {
  let best: ShippingOption | undefined;
  for (const option of options) if (!best || option.costCents < best.costCents) best = option;
  return best;
}

export type ShippingChoice =
  { ok: true; option: ShippingOption | undefined } | { ok: false; reason: 'UNAVAILABLE_OPTION' };

/** The requested option when it is applicable, the cheapest when none was requested. */
export function chooseShippingOption(
  options: readonly ShippingOption[],
  requestedId: string | undefined,
): ShippingChoice {
  if (requestedId === undefined) return { ok: true, option: cheapestOption(options) };
  const option = options.find((candidate) => candidate.id === requestedId);
  return option ? { ok: true, option } : { ok: false, reason: 'UNAVAILABLE_OPTION' };
}
