/** Small readers of rendered HTML and a browser-like form post, for the commerce page tests. */
import type { Visitor } from '../../../../../test/helpers/session.ts';

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

/** The first `<input>` tag named `name`. */
export function inputTag(html: string, name: string): string {
  const match = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html);
  if (!match) throw new Error(`no input named ${name}`);
  return match[0];
}

/** The value of the first input named `name` (HTML entities of & " < > decoded). */
export function hiddenValue(html: string, name: string): string | undefined {
  const value = /value="([^"]*)"/.exec(inputTag(html, name))?.[1];
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
