import { describe, expect, it } from 'vitest';
import { linkTargetSchema, renderLinkTarget } from './link-target.ts';

describe('renderLinkTarget (docs/behaviour/storefront-pages.md#link-targets)', () => {
  it('links a page of the site by its path', () => {
    expect(renderLinkTarget({ type: 'page', fullUrl: '/shop' })).toEqual({
      href: '/shop',
      newWindow: false,
    });
    expect(renderLinkTarget({ type: 'page', fullUrl: '//evil.example' }).href).toBeUndefined();
  });

  it('links a web address, adding https:// when it has no scheme', () => {
    expect(renderLinkTarget({ type: 'url', url: 'https://example.com/a?b=1' })).toEqual({
      href: 'https://example.com/a?b=1',
      newWindow: false,
    });
    expect(renderLinkTarget({ type: 'url', url: 'example.com', newWindow: true })).toEqual({
      href: 'https://example.com/',
      newWindow: true,
    });
    expect(renderLinkTarget({ type: 'url', url: '/about' }).href).toBe('/about');
  });

  it('renders no href for unsafe schemes', () => {
    for (const url of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x']) {
      expect(renderLinkTarget({ type: 'url', url }).href).toBeUndefined();
    }
  });

  it('builds mailto with To, CC, BCC, Subject and Body', () => {
    expect(
      renderLinkTarget({
        type: 'email',
        to: 'ann@example.com, bob@example.com',
        cc: 'cat@example.com',
        bcc: 'dan@example.com; eve@example.com',
        subject: 'Order #12 & more',
        body: 'Hello,\nthanks!',
      }).href,
    ).toBe(
      'mailto:ann@example.com,bob@example.com?cc=cat@example.com&bcc=dan@example.com,eve@example.com' +
        '&subject=Order%20%2312%20%26%20more&body=Hello%2C%0D%0Athanks!',
    );
  });

  it('builds a bare mailto when only To is given, none without To', () => {
    expect(renderLinkTarget({ type: 'email', to: 'ann@example.com' }).href).toBe(
      'mailto:ann@example.com',
    );
    expect(renderLinkTarget({ type: 'email', to: ' , ' }).href).toBeUndefined();
    expect(renderLinkTarget({ type: 'email', to: 'a?b@x.com' }).href).toBe('mailto:a%3Fb@x.com');
  });

  it('builds tel: from a phone number, keeping + and digits', () => {
    expect(renderLinkTarget({ type: 'phone', number: '+1 (555) 010-2030' }).href).toBe(
      'tel:+15550102030',
    );
    expect(renderLinkTarget({ type: 'phone', number: 'call us' }).href).toBeUndefined();
  });

  it('links a file, in a new window unless told otherwise', () => {
    expect(renderLinkTarget({ type: 'file', url: '/files/size-guide.pdf' })).toEqual({
      href: '/files/size-guide.pdf',
      newWindow: true,
    });
    expect(
      renderLinkTarget({ type: 'file', url: 'https://cdn.example.com/a.pdf', newWindow: false }),
    ).toEqual({ href: 'https://cdn.example.com/a.pdf', newWindow: false });
  });

  it('refuses unknown target types in settings', () => {
    expect(linkTargetSchema.safeParse({ type: 'ftp', url: 'x' }).success).toBe(false);
    expect(linkTargetSchema.safeParse({ type: 'email' }).success).toBe(false);
  });
});
