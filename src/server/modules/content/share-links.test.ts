import { describe, expect, it } from 'vitest';
import { enabledShareServices, shareLinks } from './share-links.ts';

describe('shareButtonOptions', () => {
  it('shows the services switched on, in a fixed order, "twitter" meaning X', () => {
    expect(
      enabledShareServices({ email: true, twitter: true, facebook: false, myspace: true }),
    ).toEqual(['x', 'email']);
    expect(enabledShareServices(['LinkedIn', 'facebook'])).toEqual(['facebook', 'linkedin']);
  });

  it('shows nothing without the setting', () => {
    expect(enabledShareServices(undefined)).toEqual([]);
    expect(enabledShareServices('facebook')).toEqual([]);
    expect(shareLinks({}, 'https://a.example/p', 'P')).toEqual([]);
  });

  it("links to each service's share page with the post's address and title encoded", () => {
    expect(
      shareLinks({ x: true, email: true }, 'https://a.example/journal/a&b', 'Linen & you'),
    ).toEqual([
      {
        service: 'x',
        label: 'Share on X',
        url: 'https://x.com/intent/tweet?url=https%3A%2F%2Fa.example%2Fjournal%2Fa%26b&text=Linen%20%26%20you',
      },
      {
        service: 'email',
        label: 'Share by email',
        url: 'mailto:?subject=Linen%20%26%20you&body=https%3A%2F%2Fa.example%2Fjournal%2Fa%26b',
      },
    ]);
  });
});
