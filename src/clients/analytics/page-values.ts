/** Reads what the server wrote into the page for the browser clients: its values and cookies. */
import { PAGE_VALUES_ELEMENT_ID, type PageValues } from '../../shared/html/page-values.ts';

export type {
  PageMember,
  PageOrder,
  PageOrderItem,
  PageProduct,
  PageValues,
} from '../../shared/html/page-values.ts';

/** The page's values, or undefined when the page carries none (or they do not parse). */
export function readPageValues(doc: Document = document): PageValues | undefined {
  try {
    const text = doc.getElementById(PAGE_VALUES_ELEMENT_ID)?.dataset.page;
    return text ? (JSON.parse(text) as PageValues) : undefined;
  } catch {
    return undefined;
  }
}

/** The crumb cookie (the session's CSRF token, readable by design: docs/behaviour/api-and-data-rules.md#sessions-and-csrf) and others. */
export function readCookie(name: string, doc: Document = document): string | undefined {
  for (const part of doc.cookie.split('; ')) {
    const at = part.indexOf('=');
    if (part.slice(0, at) === name) {
      try {
        return decodeURIComponent(part.slice(at + 1));
      } catch {
        return part.slice(at + 1);
      }
    }
  }
  return undefined;
}
