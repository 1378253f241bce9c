// summary-form-field: one submitted form field as the e-mail/summary markup. The field's
// `type` decides what is read, as in the reference: the parts of `values` for an address,
// name, phone, time, date or likert field, the list in `values` for a checkbox, and `value`
// for every other field (docs/adr/002 lists the one place we differ: escaping).
import { isRecord, isTruthy } from '../../values.ts';
import { escapeHtml as escapeForHtml } from '../core/escape.ts';

type Escape = (s: string) => string;
type Rec = Record<string, unknown>;

/** A scalar as text; anything else (a list, an object, nothing) is no text. */
function scalar(v: unknown): string {
  return typeof v === 'string'
    ? v
    : typeof v === 'number' || typeof v === 'boolean'
      ? String(v)
      : '';
}

/** A list prints its elements comma-joined (as JavaScript prints each), an object nothing. */
function listOrScalar(v: unknown): string {
  return Array.isArray(v) ? v.map(String).join(',') : scalar(v);
}

/** A part of a multi-part field. */
function part(values: Rec, key: string): string {
  return listOrScalar(values[key]);
}

/** A part that prints only when set, and `fallback` when not. */
function partOr(values: Rec, key: string, fallback: string): string {
  return isTruthy(values[key]) ? part(values, key) : fallback;
}

/** A checkbox's ticked choice: a list prints as JavaScript prints it, an object nothing. */
function choice(v: unknown): string {
  return Array.isArray(v) ? v.join(',') : scalar(v);
}

const LIKERT: Readonly<Record<string, string>> = {
  '-2': 'Strongly Disagree',
  '-1': 'Disagree',
  '0': 'Neutral',
  '1': 'Agree',
  '2': 'Strongly Agree',
};

function likert(values: unknown, escapeHtml: Escape): string {
  const answers: [string, unknown][] =
    typeof values === 'string'
      ? [...values].map((c, i) => [String(i), c])
      : typeof values === 'object' && values !== null
        ? Object.entries(values)
        : [];
  const rows = answers.map(([statement, answer]) => {
    const label = Object.prototype.hasOwnProperty.call(LIKERT, String(answer))
      ? LIKERT[String(answer)]
      : 'Neutral';
    return `  <div><span style="font-weight:bold;">${escapeHtml(statement)}:</span> ${label ?? ''}</div>\n`;
  });
  return `<div style="padding-left:5px;">\n${rows.join('')}</div>`;
}

/** The submitted `value`: text, a number or a flag as written; anything else, or '', is N/A. */
function single(field: Rec, escapeHtml: Escape): string {
  const text = scalar(field.value);
  return text === '' ? 'N/A' : escapeHtml(text);
}

/** The field's answer, or null when there is none to print at all (a likert field without answers). */
function fieldValue(field: Rec, escapeHtml: Escape): string | null {
  const raw = field.values;
  const values: Rec = isRecord(raw) ? raw : {};
  switch (field.type) {
    case 'address': {
      const lines = [part(values, 'Line1')];
      if (isTruthy(values.Line2)) lines.push(part(values, 'Line2'));
      lines.push(
        `${part(values, 'City')}, ${part(values, 'State')} ${part(values, 'Zip')} ${part(values, 'Country')}`,
      );
      const divs = lines.map((l) => `  <div>${escapeHtml(l)}</div>`).join('\n');
      return `<div style="padding-left:5px;">\n${divs}\n</div>`;
    }
    case 'name':
      return escapeHtml(`${part(values, 'First')} ${part(values, 'Last')}`);
    case 'phone': {
      const country = isTruthy(values.Country) ? `+${part(values, 'Country')} ` : '';
      return escapeHtml(
        `${country}${part(values, 'Areacode')}-${part(values, 'Prefix')}-${part(values, 'Line')}`,
      );
    }
    case 'time':
      return escapeHtml(
        `${partOr(values, 'Hour', '00')}:${partOr(values, 'Minute', '00')}:${partOr(values, 'Second', '00')} ${part(values, 'Ampm')}`,
      );
    case 'date':
      return escapeHtml(`${part(values, 'Month')}/${part(values, 'Day')}/${part(values, 'Year')}`);
    case 'likert':
      return raw === null || raw === undefined ? null : likert(raw, escapeHtml);
    case 'checkbox':
      // Without ticked choices a checkbox reads `value` by truthiness: 0 and false are N/A.
      if (!isTruthy(raw))
        return isTruthy(field.value) ? escapeHtml(listOrScalar(field.value)) : 'N/A';
      return `${Array.isArray(raw) ? escapeHtml(raw.map(choice).join(', ')) : ''}\n`;
    default:
      return single(field, escapeHtml);
  }
}

/**
 * Any value reads as a field (what is not one as an empty field), as in the reference. The
 * submitted text is escaped (docs/adr/002 `summary-form-field-escaped`); the differential
 * harness's stand-in passes an escape that changes nothing.
 */
export function summaryFormField(field: unknown, escapeHtml: Escape = escapeForHtml): string {
  const v = isRecord(field) ? field : {};
  const value = fieldValue(v, escapeHtml);
  if (value === null) return '';
  // The field's label is its rawTitle; like the reference we do not fall back to title.
  const title = escapeHtml(scalar(v.rawTitle));
  return `<div style="font-size:11px; margin-top:3px">\n  <span style="font-weight:bold;">${title}:</span> ${value}\n</div>`;
}
