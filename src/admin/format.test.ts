import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './format.ts';

// The owner's `datetime-local` inputs show times in the browser's zone and the API takes ISO
// instants: the pair must carry an instant there and back in any zone the tests run in.
describe('datetime-local values', () => {
  it('carry an instant to the input and back unchanged, to the minute', () => {
    for (const iso of ['2030-01-02T09:05:00.000Z', '2026-07-31T23:59:00.000Z']) {
      const shown = toLocalInput(iso);
      expect(shown).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
      expect(fromLocalInput(shown)).toBe(iso);
    }
  });

  it('show the local wall-clock time', () => {
    const instant = new Date(2031, 1, 3, 7, 4);
    expect(toLocalInput(instant.toISOString())).toBe('2031-02-03T07:04');
  });

  it('give an empty input for no time, and no time for an empty or broken value', () => {
    expect(toLocalInput(undefined)).toBe('');
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('tomorrow at nine')).toBeUndefined();
  });
});
