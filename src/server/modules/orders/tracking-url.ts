/**
 * The public tracking page of a parcel for the carriers most stores use, so the shipping email
 * and the owner's view can link it; other carriers get no link (the number is still shown).
 */
const CARRIERS: Readonly<Record<string, (trackingNumber: string) => string>> = {
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  dhl: (n) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${n}`,
};

export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (carrier === null || trackingNumber === null) return null;
  const link = CARRIERS[carrier.trim().toLowerCase()];
  return link ? link(encodeURIComponent(trackingNumber)) : null;
}
