// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ReviewSummary from './ReviewSummary.tsx';

afterEach(cleanup);

describe('ReviewSummary', () => {
  it('shows the average in half stars out of 5 and the count, linking to the reviews', () => {
    render(<ReviewSummary averageRating={3.5} heading="7 Store Reviews" />);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('#reviews');
    expect(link.textContent?.trim()).toBe('Rated 3.5 out of 5, 7 Store Reviews');
    expect([...link.querySelectorAll('.star')].map((star) => star.className)).toEqual([
      'star star-full',
      'star star-full',
      'star star-full',
      'star star-half',
      'star star-empty',
    ]);
  });

  it("says '1000+ Store Reviews' when the server says so", () => {
    render(<ReviewSummary averageRating={5} heading="1000+ Store Reviews" />);
    expect(screen.getByRole('link').textContent).toContain('1000+ Store Reviews');
    expect(document.querySelectorAll('.star-full')).toHaveLength(5);
  });
});
