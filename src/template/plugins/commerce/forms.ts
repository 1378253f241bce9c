// summary-form-field: one submitted form field as the e-mail/summary markup.
import { isRecord } from '../../values.ts';
import { escapeHtml as escapeForHtml } from '../core/escape.ts';

type Escape = (s: string) => string;

function text(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

function part(values: Record<string, unknown>, key: string, fallback = ''): string {
  const v = text(values[key]);
  return v === '' ? fallback : v;
}

function fieldValue(field: Record<string, unknown>, escapeHtml: Escape): string {
  const values = field.values;
  const type = text(field.type);
  if (isRecord(values)) {
    switch (type) {
      case 'address': {
        const lines = [part(values, 'Line1'), part(values, 'Line2')].filter((l) => l !== '');
        const city = `${part(values, 'City')}, ${part(values, 'State')} ${part(values, 'Zip')} ${part(values, 'Country')}`;
        const divs = [...lines, city].map((l) => `  <div>${escapeHtml(l)}</div>`).join('\n');
        return `<div style="padding-left:5px;">\n${divs}\n</div>`;
      }
      case 'name':
        return escapeHtml(
          [part(values, 'First'), part(values, 'Last')].filter((p) => p !== '').join(' '),
        );
      case 'phone': {
        const country = part(values, 'Country');
        const number = [part(values, 'Areacode'), part(values, 'Prefix'), part(values, 'Line')]
          .filter((p) => p !== '')
          .join('-');
        return escapeHtml(country === '' ? number : `+${country} ${number}`);
      }
      case 'time':
        return escapeHtml(
          `${part(values, 'Hour', '00')}:${part(values, 'Minute', '00')}:${part(values, 'Second', '00')} ${part(values, 'Ampm')}`.trim(),
        );
      case 'date':
        return escapeHtml(
          `${part(values, 'Month')}/${part(values, 'Day')}/${part(values, 'Year')}`,
        );
      default:
        return escapeHtml(Object.values(values).map(text).join(' '));
    }
  }
  if (Array.isArray(values)) return `${escapeHtml(values.map(text).join(', '))}\n`;
  const single = text(field.value);
  return single === '' ? 'N/A' : escapeHtml(single);
}

/**
 * Any value reads as a field (what is not one as an empty field), as in the reference. The
 * submitted text is escaped (docs/adr/002 `summary-form-field-escaped`); the differential
 * harness's stand-in passes an escape that changes nothing.
 */
export function summaryFormField(field: unknown, escapeHtml: Escape = escapeForHtml): string {
  const v = isRecord(field) ? field : {};
  // The field's label is its rawTitle; like the reference we do not fall back to title.
  const title = escapeHtml(text(v.rawTitle));
  return `<div style="font-size:11px; margin-top:3px">\n  <span style="font-weight:bold;">${title}:</span> ${fieldValue(v, escapeHtml)}\n</div>`;
}
