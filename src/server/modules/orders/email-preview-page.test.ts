import { describe, expect, it } from 'vitest';
import { emailPreviewPage } from './email-preview-page.ts';

const email = {
  siteId: 's1',
  kind: 'order-confirmation',
  reference: null,
  to: 'shopper@example.com',
  subject: 'Order #1001 <confirmed>',
  text: 'Thanks & see you',
  html: '<!doctype html><p>Thanks</p>',
};

describe('emailPreviewPage', () => {
  it('links the dashboard stylesheets and frames the mail in its look', () => {
    const page = emailPreviewPage('order-confirmation', email, ['/config/assets/admin-1a2b.css']);
    expect(page).toContain('<link rel="stylesheet" href="/config/assets/admin-1a2b.css">');
    expect(page).toContain('<header class="shell-header"><p class="brand">Store admin</p>');
    expect(page).toContain(
      '<a aria-current="page" href="/config/emails/order-confirmation/preview">',
    );
    expect(page).toContain('<dd>Order #1001 &lt;confirmed&gt;</dd>');
    expect(page).toContain(
      '<iframe sandbox src="/config/emails/order-confirmation/preview?part=html"',
    );
    expect(page).toContain('<pre>Thanks &amp; see you</pre>');
    expect(page).not.toMatch(/style=|<style|<script/);
  });

  it('shows a text-only email in the card itself, and no stylesheet when none was built', () => {
    const page = emailPreviewPage('order-confirmation', { ...email, html: undefined });
    expect(page).not.toContain('<link');
    expect(page).not.toContain('<iframe');
    expect(page).toContain('<pre class="mail-body mail-text-only">Thanks &amp; see you</pre>');
  });
});
