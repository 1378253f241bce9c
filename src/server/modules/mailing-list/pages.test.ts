import { describe, expect, it } from 'vitest';
import { messagePage, NEWSLETTER_UNSUBSCRIBE_PAGE_TYPE, unsubscribePage } from './pages.ts';

describe('mailing-list pages', () => {
  it('marks the unsubscribe page as page type 300 and escapes what it prints', () => {
    expect(NEWSLETTER_UNSUBSCRIBE_PAGE_TYPE).toBe(300);
    const html = unsubscribePage('<Shop>', '"><script>', 'crumb');
    expect(html).toContain('<body data-page-type="300">');
    expect(html).toContain('&lt;Shop&gt;');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;"');
    expect(html).not.toContain('<script>');
    expect(messagePage('Hi', '<b>')).toContain('<p>&lt;b&gt;</p>');
  });
});
