import { describe, expect, it } from 'vitest';
import { parseSiteFile } from './index.ts';

function fileWithRedirect(successRedirect: string, redirectHosts?: unknown): unknown {
  return {
    website: {
      id: 'site',
      title: 'Test Store',
      ...(redirectHosts === undefined ? {} : { settings: { redirectHosts } }),
    },
    forms: [{ id: 'contact', fields: [{ id: 'email', type: 'email' }], successRedirect }],
  };
}

describe("a form's successRedirect", () => {
  it.each([
    ['/thanks', undefined],
    ['/thanks?from=contact', []],
    ['https://partner.example/welcome', ['partner.example']],
  ])('accepts %s', (target, hosts) => {
    expect(parseSiteFile(fileWithRedirect(target, hosts)).success).toBe(true);
  });

  it.each([
    ['https://evil.example/', undefined],
    ['https://evil.example/', ['partner.example']],
    ['//evil.example/', undefined],
    ['javascript:alert(1)', ['partner.example']],
  ])('refuses %s, naming the form', (target, hosts) => {
    const result = parseSiteFile(fileWithRedirect(target, hosts));
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors.join('\n')).toContain('forms[0].successRedirect: Must be a path');
    expect(result.errors.join('\n')).toContain('(form "contact")');
    expect(result.errors.join('\n')).toContain('website.settings.redirectHosts');
  });
});
