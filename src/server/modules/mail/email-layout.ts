/**
 * One look for every email the store sends: the content is described once as blocks and
 * rendered twice, as plain text and as HTML. The HTML is a single-column table layout with
 * inline styles only (mail clients drop <style> and external sheets), no images (many clients
 * block them), every value escaped, and links only when they are http(s) URLs.
 */
import { escapeHtml } from '../../../shared/html/escape-html.ts';

export type EmailBlock =
  /** Lines of one paragraph (a line break between them). */
  | { readonly type: 'paragraph'; readonly lines: readonly string[] }
  /** A heading inside the message, such as "Order #1001". */
  | { readonly type: 'heading'; readonly text: string }
  | { readonly type: 'list'; readonly title?: string; readonly items: readonly string[] }
  /** Label and value pairs (totals, tracking details); `strong` sets a row apart (the total). */
  | {
      readonly type: 'rows';
      readonly rows: readonly { label: string; value: string; strong?: boolean }[];
    }
  /** A call to action; in text "label: href". */
  | { readonly type: 'link'; readonly label: string; readonly href: string };

export interface EmailContent {
  /** The store's name, in the message's header. */
  readonly siteTitle: string;
  /** The HTML document's title (the subject). */
  readonly subject: string;
  readonly blocks: readonly EmailBlock[];
}

export interface RenderedEmail {
  readonly text: string;
  readonly html: string;
}

const COLORS = { text: '#1f2328', muted: '#57606a', line: '#d0d7de', page: '#f6f8fa' };
const FONT = "font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif";

/**
 * The blocks of a message that asks the reader to do one thing: what happened, the link to do
 * it, and why the reader got the message.
 */
export function actionBlocks(
  message: readonly string[],
  action: { readonly label: string; readonly href: string },
  reason: readonly string[],
): EmailBlock[] {
  return [
    { type: 'paragraph', lines: message },
    { type: 'link', ...action },
    { type: 'paragraph', lines: reason },
  ];
}

export function renderEmail(content: EmailContent): RenderedEmail {
  return { text: renderText(content.blocks), html: renderHtml(content) };
}

function renderText(blocks: readonly EmailBlock[]): string {
  const parts = blocks.map((block) => {
    switch (block.type) {
      case 'paragraph':
        return block.lines.join('\n');
      case 'heading':
        return block.text;
      case 'list':
        return [...(block.title ? [block.title] : []), ...block.items.map((i) => `- ${i}`)].join(
          '\n',
        );
      case 'rows':
        return block.rows.map((row) => `${row.label}: ${row.value}`).join('\n');
      case 'link':
        return `${block.label}: ${block.href}`;
    }
  });
  return `${parts.join('\n\n')}\n`;
}

/** Only absolute web links become anchors; anything else is shown as text. */
export function isWebLink(href: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(href);
}

function blockHtml(block: EmailBlock): string {
  const p = `margin:0 0 16px;font-size:16px;line-height:24px;color:${COLORS.text}`;
  switch (block.type) {
    case 'paragraph':
      return `<p style="${p}">${block.lines.map(escapeHtml).join('<br>')}</p>`;
    case 'heading':
      return `<h2 style="margin:24px 0 12px;font-size:20px;line-height:28px;color:${COLORS.text}">${escapeHtml(block.text)}</h2>`;
    case 'list': {
      const title = block.title
        ? `<p style="${p};margin-bottom:8px">${escapeHtml(block.title)}</p>`
        : '';
      const items = block.items
        .map((item) => `<li style="margin:0 0 6px">${escapeHtml(item)}</li>`)
        .join('');
      return `${title}<ul style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:24px;color:${COLORS.text}">${items}</ul>`;
    }
    case 'rows': {
      const rows = block.rows
        .map((row) => {
          const weight = row.strong ? 'font-weight:700;' : '';
          const cell = `padding:4px 0;font-size:16px;line-height:24px;color:${COLORS.text};${weight}`;
          return `<tr><td style="${cell}">${escapeHtml(row.label)}</td><td style="${cell}text-align:right">${escapeHtml(row.value)}</td></tr>`;
        })
        .join('');
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-top:1px solid ${COLORS.line};border-collapse:collapse">${rows}</table>`;
    }
    case 'link':
      if (!isWebLink(block.href))
        return `<p style="${p}">${escapeHtml(block.label)}: ${escapeHtml(block.href)}</p>`;
      return `<p style="${p}"><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:10px 18px;border-radius:6px;background:${COLORS.text};color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(block.label)}</a></p><p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${COLORS.muted};word-break:break-all">${escapeHtml(block.href)}</p>`;
  }
}

function renderHtml(content: EmailContent): string {
  const site = escapeHtml(content.siteTitle);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${COLORS.page};${FONT}">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.page}"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid ${COLORS.line};border-radius:8px">`,
    `<tr><td style="padding:20px 24px;border-bottom:1px solid ${COLORS.line};font-size:20px;line-height:28px;font-weight:700;color:${COLORS.text};${FONT}">${site}</td></tr>`,
    `<tr><td style="padding:24px;${FONT}">`,
    ...content.blocks.map(blockHtml),
    '</td></tr>',
    `<tr><td style="padding:16px 24px;border-top:1px solid ${COLORS.line};font-size:13px;line-height:20px;color:${COLORS.muted};${FONT}">Sent by ${site}.</td></tr>`,
    '</table>',
    '</td></tr></table>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
