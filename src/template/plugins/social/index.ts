// The social plugin family: comment counts and links, calendar links, Twitter links,
// and the comments/disqus predicates.
import { isRecord, isTruthy, toNumber, toNumberOrZero, toOutput, toText } from '../../values.ts';
import { escapeAttr } from '../core/escape.ts';
import { itemField } from '../item-field.ts';
import type { PluginEnv, PluginFamily } from '../types.ts';
import { activateTwitterLinks } from './twitter-links.ts';
import { socialWidgets } from './widgets.ts';

const COMMENT_STATE_OPEN = 1;

export function commentCountText(n: number): string {
  if (n === 0) return 'No Comments';
  return n === 1 ? '1 Comment' : `${n} Comments`;
}

/** Compact UTC form of calendar links: 20131115T123030Z. */
export function compactUtc(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function setting(env: PluginEnv, ...keys: string[]): unknown {
  for (const key of keys) {
    const v = env.resolve(`websiteSettings.${key}`);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** Any value reads as an item (what is not one as an item without comments), as in the reference. */
/**
 * The item's address and id are escaped for their attributes (docs/adr/002,
 * `comment-link-escaped`); the harness's stand-in passes `escape` to write them as they are.
 */
export function commentLink(
  item: unknown,
  env: PluginEnv,
  escape: (s: string) => string = escapeAttr,
): string {
  const field = (key: string): unknown => itemField(item, key, env);
  const url = escape(toOutput(field('fullUrl')));
  const id = escape(toOutput(field('id')));
  if (isTruthy(setting(env, 'disqusShortname', 'disqusShortName'))) {
    return `<a href="${url}" class="sqs-comment-link sqs-disqus-comment-link" data-id="${id}"></a>`;
  }
  // Without a comment count the reference prints no number at all; 0 reads "No Comments".
  const comments = field('publicCommentCount');
  const n = comments === undefined ? NaN : toNumber(comments);
  const [count, word] = Number.isNaN(n)
    ? ['', 'Comments']
    : n === 0
      ? ['No', 'Comments']
      : [String(n), n === 1 ? 'Comment' : 'Comments'];
  return `\n  <a href="${url}#comments-${id}" class="sqs-comment-link" data-id="${id}">\n  ${count}\n  ${word}\n  </a>\n`;
}

/**
 * Any value reads as an event; missing dates are the epoch, as in the reference. The title
 * is percent-encoded as UTF-8, as the location is (docs/adr/002, `calendar-url-utf8`).
 */
export function googleCalendarUrl(
  event: unknown,
  encodeTitle: (s: string) => string = encodeURIComponent,
): string {
  const v = isRecord(event) ? event : {};
  const start = toNumberOrZero(v.startDate);
  const end = toNumberOrZero(v.endDate);
  let url = `http://www.google.com/calendar/event?action=TEMPLATE&text=${encodeTitle(toText(v.title))}`;
  if (Number.isFinite(start) && Number.isFinite(end))
    url += `&dates=${compactUtc(start)}/${compactUtc(end)}`;
  const loc = isRecord(v.location) ? v.location : null;
  if (loc) {
    // Each part without its surrounding white space, and a part of white space only left
    // out, as in the reference.
    const parts = [loc.addressLine1, loc.addressLine2, loc.addressCountry]
      .map((part) => toOutput(part).trim())
      .filter((s) => s !== '');
    if (parts.length > 0) url += `&location=${encodeURIComponent(parts.join(', '))}`;
  }
  return url;
}

export const socialPlugins: PluginFamily = {
  name: 'social',
  formatters: {
    ...socialWidgets,
    'comment-count': (v) => commentCountText(isRecord(v) ? toNumber(v.publicCommentCount) || 0 : 0),
    'comment-link': (v, _args, env) => commentLink(v, env),
    'google-calendar-url': (v) => googleCalendarUrl(v),
    'activate-twitter-links': (v) => activateTwitterLinks(toText(v)),
  },
  predicates: {
    'comments?': (node, _args, env) => {
      if (setting(env, 'commentsEnabled') === false) return false;
      if (!isRecord(node)) return false;
      return (
        node.commentState === COMMENT_STATE_OPEN || (toNumber(node.publicCommentCount) || 0) > 0
      );
    },
    'disqus?': (_node, _args, env) => isTruthy(setting(env, 'disqusShortName', 'disqusShortname')),
  },
};
