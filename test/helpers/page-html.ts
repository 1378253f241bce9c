/** Small readers of rendered HTML and a browser-like form post, for the commerce page tests. */
import type { Visitor } from './session.ts';

/** Posts a form as a browser does: urlencoded, the crumb as a hidden field, no CSRF header. */
export function formPost(
  visitor: Visitor,
  url: string,
  fields: Record<string, string>,
  options: { crumb?: boolean } = {},
) {
  const body = new URLSearchParams({
    ...(options.crumb === false ? {} : { crumb: visitor.crumb }),
    ...fields,
  });
  return visitor.inject({
    method: 'POST',
    url,
    csrf: false,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body.toString(),
  });
}

/** The first `<input>` or `<select>` tag named `name` (a select with its options). */
export function inputTag(html: string, name: string): string {
  const match = new RegExp(
    `<input[^>]*name="${name}"[^>]*>|<select[^>]*name="${name}"[^>]*>.*?</select>`,
    's',
  ).exec(html);
  if (!match) throw new Error(`no input named ${name}`);
  return match[0];
}

/**
 * The value of the first input named `name`, or of a select's selected option (HTML entities of
 * & " < > decoded).
 */
export function hiddenValue(html: string, name: string): string | undefined {
  const tag = inputTag(html, name);
  const value = tag.startsWith('<select')
    ? /<option value="([^"]*)" selected>/.exec(tag)?.[1]
    : /value="([^"]*)"/.exec(tag)?.[1];
  return value
    ?.replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The text of the `<label for=id>` of the input named `name`. */
export function labelOf(html: string, name: string): string | undefined {
  const id = /id="([^"]+)"/.exec(inputTag(html, name))?.[1];
  if (id === undefined) return undefined;
  return new RegExp(`<label for="${id}">([^<]*)</label>`).exec(html)?.[1];
}
