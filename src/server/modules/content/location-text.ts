/** An event's place as one line of text: on the event page and in its calendar file. */
import type { ContentItemRow } from './item-queries.ts';

/** One line of an event's place: "Quay Hall, 1 Quay St, Lyon, France". */
export function locationText(location: ContentItemRow['location']): string {
  if (!location) return '';
  return [
    location.addressTitle,
    location.addressLine1,
    location.addressLine2,
    location.addressCountry,
  ]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(', ');
}
