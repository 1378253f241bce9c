import { describe, expect, it } from 'vitest';
import { CONTENT_STATUSES } from '../../../shared/site-file/index.ts';
import { isPublishedAt } from './publication.ts';

const NOW = new Date('2026-06-01T12:00:00Z');
const before = new Date(NOW.getTime() - 1);
const after = new Date(NOW.getTime() + 1);

describe('isPublishedAt', () => {
  it('shows published records, with or without a publish time', () => {
    expect(isPublishedAt({ status: 'published', publishOn: null }, NOW)).toBe(true);
    expect(isPublishedAt({ status: 'published', publishOn: after }, NOW)).toBe(true);
  });

  it.each(['draft', 'needs-review', 'private'] as const)('never shows %s records', (status) => {
    expect(isPublishedAt({ status, publishOn: null }, NOW)).toBe(false);
    expect(isPublishedAt({ status, publishOn: before }, NOW)).toBe(false);
  });

  it('shows a scheduled record from its publish time on, not a millisecond before', () => {
    expect(isPublishedAt({ status: 'scheduled', publishOn: after }, NOW)).toBe(false);
    expect(isPublishedAt({ status: 'scheduled', publishOn: NOW }, NOW)).toBe(true);
    expect(isPublishedAt({ status: 'scheduled', publishOn: before }, NOW)).toBe(true);
  });

  it('never shows a scheduled record without a publish time', () => {
    expect(isPublishedAt({ status: 'scheduled', publishOn: null }, NOW)).toBe(false);
  });

  it('knows every content status', () => {
    const shown = CONTENT_STATUSES.filter((status) =>
      isPublishedAt({ status, publishOn: before }, NOW),
    );
    expect(shown).toEqual(['published', 'scheduled']);
  });
});
