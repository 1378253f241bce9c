/**
 * Differences the differential harness found in `datetime`'s arguments: fixed to what the
 * reference prints (with plain spaces, docs/adr/002), which is the expectation here.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../index.ts';
import { registerCldrPackLoader } from '../plugins/i18n/index.ts';
import { diffPacks } from './packs.ts';

registerCldrPackLoader((language) => diffPacks[language]);
const engine = createEngine();
/** The epoch: 7:00 PM on Wednesday, December 31, 1969 in New York. */
const at = (args: string, locale = 'en-US'): string =>
  engine.render(`{a|datetime ${args}}`, { a: 0 }, { locale, now: 0 }).output;

describe('datetime arguments', () => {
  it('beside a time width, take the date fields of a skeleton, a weekday when none is left', () => {
    expect(at('bogus time:short')).toBe('12/2440587/1969, 7:00 PM');
    expect(at('yMdHm time:full')).toBe('12/31/1969, 7:00:00 PM Eastern Standard Time');
    expect(at('Hm time:full')).toBe('Wed');
    expect(at('time:full Hm')).toBe('Wed');
  });

  it('read a skeleton given as date: or time: as one more skeleton', () => {
    expect(at('date:full date:MMM')).toBe('Wednesday, December 31, 1969 at Wed');
    expect(at('date:MMM date:full')).toBe('Wednesday, December 31, 1969 at Wed');
    expect(at('date:yMd date:MMM')).toBe('Dec 31, 1969');
    expect(at('date:MMM time:short')).toBe('Dec, 7:00 PM');
    expect(at('date:full MMMMd', 'de-DE')).toBe('Mittwoch, 31. Dezember 1969 um Mi');
  });

  it('read an empty date: or time: as the short width, any other empty key as a word', () => {
    expect(at('date:')).toBe('12/31/69');
    expect(at('time:')).toBe('7:00 PM');
    expect(at('date:long time:')).toBe('December 31, 1969 at 7:00 PM');
    expect(at('d:')).toBe('31');
  });

  it('let skeleton: replace the skeleton so far; later words add to it', () => {
    expect(at('GGGGy skeleton:yMMM')).toBe('Dec 1969');
    expect(at('skeleton:yMMM jm')).toBe('Dec 1969, 7:00 PM');
    expect(at('time:hm skeleton:Hm')).toBe('19:00');
  });
});
