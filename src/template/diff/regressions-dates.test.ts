/**
 * Differences the differential harness found in dates, prices and links: fixed to what the
 * reference prints (the expectation here), or kept as a deliberate deviation of
 * docs/adr/002, whose stand-in must then explain the reference's output.
 */
import { describe, expect, it } from 'vitest';
import { explainedAt } from './testing/explained-by.ts';
import { createEngine } from '../index.ts';
import { registerCldrPackLoader } from '../plugins/i18n/index.ts';
import { diffPacks } from './packs.ts';

registerCldrPackLoader((language) => diffPacks[language]);
const engine = createEngine();
const NOW = 1_700_000_000_000;
const explainedBy = explainedAt(NOW);
const render = (template: string, context: unknown, locale = 'en-US'): string =>
  engine.render(template, context, { locale, now: NOW }).output;

const utc = { website: { timeZone: 'UTC' } };

describe('dates as the reference prints them', () => {
  it('%U and %W count Sunday weeks, the week of January 1 being week 1 even in December', () => {
    const week = (iso: string): string =>
      render('{t|date %a %U %W}', { t: Date.parse(`${iso}T12:00:00Z`), ...utc });
    expect(week('1969-01-05')).toBe('Sun 02 02');
    expect(week('1969-12-27')).toBe('Sat 52 52');
    expect(week('1969-12-28')).toBe('Sun 01 01');
    expect(week('1972-12-26')).toBe('Tue 53 53');
    expect(week('2021-02-18')).toBe('Thu 08 08');
    // In the site's zone: the epoch is still December 31 in New York, in week 1 of 1970.
    expect(render('{t|date %Y-%m-%d %U}', { t: 0 })).toBe('1969-12-31 01');
  });

  it('%v pads the day with a space', () => {
    expect(render('{t|date %v}', { t: 0, website: { timeZone: 'Europe/Paris' } })).toBe(
      ' 1-Jan-1970',
    );
    expect(render('{t|date %v}', { t: 0 })).toBe('31-Dec-1969');
  });

  it('datetime:long names the date and time width at once and wins over the other options', () => {
    const t = '{t|datetime datetime:long}|{t|datetime date:short datetime:medium}';
    expect(render(t, { t: 0 })).toBe(
      'December 31, 1969 at 7:00:00 PM EST|Dec 31, 1969, 7:00:00 PM',
    );
    expect(render('{t|datetime datetime:long wrap:short}', { t: 0 })).toBe(
      'December 31, 1969, 7:00:00 PM EST',
    );
    expect(render('{t|datetime datetime:yMMMd}', { t: 0 })).toBe('Dec 31, 1969');
  });

  it('a range of two values reads a missing one, null or a container as the epoch', () => {
    expect(render('{a,b|datetime-interval}', {})).toBe('7:00 PM');
    expect(render('{a,b|datetime-interval}', { a: null, b: [1] })).toBe('7:00 PM');
    expect(render('{a,b|datetime-interval}', { a: 'x', b: 5 })).toBe('');
    expect(render('{a|datetime-interval}', { a: 5 })).toBe('');
  });

  it('a range within one day prints hours as the locale does', () => {
    expect(render('{a,b|datetime-interval}', { a: 0, b: 3_600_000 }, 'fr-FR')).toBe(
      '19:00 – 20:00',
    );
    expect(render('{a,b|datetime-interval}', { a: 0, b: 3_600_000 })).toBe('7:00 – 8:00 PM');
  });

  it('the site zone named in a range within one day is a deviation the stand-in explains', () => {
    const context = { a: 0, b: 0, website: { timeZone: 'Europe/Paris' } };
    expect(render('{a,b|datetime-interval}', context, 'fr-FR')).toBe('01:00 UTC+1');
    expect(explainedBy('{a,b|datetime-interval}', context, '1:00\u202fAM')).toBe(
      'interval-zone-name',
    );
  });

  it('a date-only range within one day shows both ends, a deviation the stand-in explains', () => {
    // The golden case template-engine:f-datetime-interval-1#2 prints both ends; the reference one.
    expect(render('{a,a|datetime-interval yMMM}', { a: 0 })).toBe('Dec 1969 – Dec 1969');
    expect(explainedBy('{a,a|datetime-interval yMMM}', { a: 0 }, 'Dec 1969')).toBe(
      'interval-day-both-ends',
    );
    expect(explainedBy('{a,a|datetime-interval yMMM}', { a: 0 }, 'Jan 1970')).toBeNull();
  });

  it('a range that differs by a date row and by another row at once is explained by several', () => {
    const context = { a: 0, website: { timeZone: 'America/New_York' } };
    const t = '{a,a|datetime-interval}{a|money-format}';
    expect(render(t, context)).toBe('7:00 PM ET0.00');
    expect(explainedBy(t, context, '7:00\u202fPM0')).toBe('several');
    expect(explainedBy(t, context, '7:00\u202fPM1')).toBeNull();
  });

  it('a time skeleton beside a date keeps its time fields; two skeletons are one', () => {
    const at = (args: string): string => render(`{a|datetime ${args}}`, { a: 0 });
    expect(at('date:full time:EEEE')).toBe('Wednesday, December 31, 1969 at Wed');
    expect(at('date:full bogus')).toBe('Wednesday, December 31, 1969 at 7:00:00 PM');
    expect(at('date:short time:hmEEEE')).toBe('12/31/69, 7:00 PM');
    expect(at('date:short time:J')).toBe('12/31/69, 7 PM');
    expect(at('date:yMMMd time:EEEE')).toBe('Wednesday, Dec 31, 1969');
    expect(at('date:yMMMd time:hm wrap:full')).toBe('Dec 31, 1969 at 7:00 PM');
    expect(at('time:EEEE')).toBe('Wednesday');
  });

  it('date prints nothing for a directive it does not know', () => {
    expect(render('{t|date %Q%Y-%m}', { t: 0 })).toBe('1969-12');
  });

  it('relative-time takes a capitalization context', () => {
    expect(render('{t|relative-time context:begin-sentence}', { t: 1 }, 'fr-FR')).toBe(
      'Il y a 54 ans',
    );
    expect(render('{t|relative-time context:begin-sentence}', { t: 1 }, 'de-DE')).toBe(
      'Vor 54 Jahren',
    );
    expect(render('{t|relative-time}', { t: 1 }, 'fr-FR')).toBe('il y a 54 ans');
  });

  it('timesince only looks back: a time to come is less than a minute ago', () => {
    const since = (t: number): string => render('{t|timesince}', { t }).replace(/<[^>]+>/g, '');
    expect(since(NOW + 90_000)).toBe('less than a minute ago');
    expect(since(NOW + 86_400_000 * 400)).toBe('less than a minute ago');
    expect(since(NOW - 90_000)).toBe('about a minute ago');
  });

  it('plain spaces in dates are a deviation whose stand-in prints CLDR spaces', () => {
    const reference = 'December 31, 1969 at 7:00:00\u202fPM EST';
    expect(render('{t|datetime long}', { t: 0 })).toBe('December 31, 1969 at 7:00:00 PM EST');
    expect(explainedBy('{t|datetime long}', { t: 0 }, reference)).toBe('plain-spaces-in-dates');
    expect(
      explainedBy('{a,b|datetime-interval}', { b: 3_600_000 }, '7:00\u2009–\u20098:00\u202fPM'),
    ).toBe('plain-spaces-in-dates');
    expect(explainedBy('{t|datetime long}', { t: 0 }, 'December 31, 1969')).toBeNull();
  });
});

describe('prices as the reference prints them', () => {
  const money = (value: string): unknown => ({ value, currency: 'USD' });
  const digital = {
    structuredContent: {
      productType: 2,
      priceMoney: money('25.00'),
      salePriceMoney: money('20.00'),
      onSale: true,
    },
  };

  it('from-price of a product priced on itself is its price, sale or not', () => {
    expect(render('{p|from-price} {p|sale-price} {p|normal-price}', { p: digital })).toBe(
      '2500 2000 2500',
    );
  });

  it('a gift card is priced by its denominations and has no sale price', () => {
    const card = {
      structuredContent: {
        productType: 4,
        priceMoney: money('25.00'),
        variants: [
          {
            qtyInStock: 1,
            priceMoney: money('10.00'),
            onSale: true,
            salePriceMoney: money('5.00'),
          },
          { qtyInStock: 1, priceMoney: money('20.00') },
        ],
      },
    };
    expect(render('{p|normal-price} {p|sale-price} {p|from-price}', { p: card })).toBe(
      '2000 0 500',
    );
    expect(render('{p|product-price}', { p: card })).toContain(
      'from <span class="sqs-money-native">5.00</span>',
    );
  });

  it('decimalValue is read as the amount; the reference reads value only', () => {
    const p = { structuredContent: { productType: 2, priceMoney: { decimalValue: '7.50' } } };
    expect(render('{p|normal-price}', { p })).toBe('750');
    expect(explainedBy('{p|normal-price}', { p }, '0')).toBe('money-decimal-value');
  });
});

describe('activate-twitter-links', () => {
  it('links web addresses, @names and #tags at the start or after a space', () => {
    expect(
      render('{s|activate-twitter-links}', {
        s: 'see http://x.com/a?b=1&c=2. @someone_with_a_long_name #tag x@y .#q',
      }),
    ).toBe(
      'see <a target="new" href="http://x.com/a?b=1&amp;c=2">http://x.com/a?b=1&amp;c=2</a>. ' +
        '<a target="new" href="https://twitter.com/someone_with_a_long_name/">@someone_with_a_long_name</a> ' +
        '<a target="new" href="https://twitter.com/hashtag/tag?src=hash">#tag</a> x@y .#q',
    );
  });

  it('escapes the text around the links, a deviation the stand-in explains', () => {
    const context = { s: '<b>hi</b> @a' };
    const link = '<a target="new" href="https://twitter.com/a/">@a</a>';
    expect(render('{s|activate-twitter-links}', context)).toBe(`&lt;b&gt;hi&lt;/b&gt; ${link}`);
    expect(explainedBy('{s|activate-twitter-links}', context, `<b>hi</b> ${link}`)).toBe(
      'twitter-links-escaped',
    );
  });
});

describe('%Z as the tz database names the zone at that instant', () => {
  it('names zones before 1970 by their abbreviation, not an offset', () => {
    expect(render('{a|date %Z %c}', { a: -1 })).toBe('EST Wed, Dec 31, 1969 6:59:59 PM EST');
    const paris = (a: number): string =>
      render('{a|date %Z}', { a, website: { timeZone: 'Europe/Paris' } });
    expect(paris(-1_000_000_000_000)).toBe('WEST');
    expect(paris(-3_000_000_000_000)).toBe('LMT');
    expect(render('{a|date %Z}', { a: 0, website: { timeZone: 'Asia/Tokyo' } })).toBe('JST');
  });
});

describe('a fraction of a millisecond in date', () => {
  it('belongs to the millisecond it started in (floor, not toward zero)', () => {
    expect(render('{a|date %H:%M:%S %A}', { a: -1e-7 })).toBe('18:59:59 Wednesday');
    expect(render('{a|date %S %s}', { a: '-0.5' })).toBe('59 0');
    expect(render('{a|date %S}', { a: -1000.5 })).toBe('58');
    expect(render('{a|date %S}', { a: 1500.5 })).toBe('01');
    expect(render('{a|date %A}', { a: -2.13436364e-316, ...utc })).toBe('Wednesday');
  });

  it('reads the clock and %N from the local time of day in floating point, as the reference', () => {
    expect(render('{a|date %T %N}', { a: -1e-7 })).toBe('18:59:59 999999999.8956919');
    expect(render('{a|date %N}', { a: 0.3, ...utc })).toBe('000300000');
    // Too small a fraction to count: a whole day, hour 24 of the eve of the epoch.
    expect(render('{a|date %a %H %r}', { a: -2.13436364e-316, ...utc })).toBe('Wed 24 12:00:00 PM');
  });
});

describe('a product without a status mark gives no value to the formatters after it', () => {
  const inStock = { structuredContent: { productType: 1, variants: [{ qtyInStock: 1 }] } };

  it('so dates read it as the epoch and json prints nothing, as for a missing variable', () => {
    expect(render('{p|product-status}|{p|product-status|json}', { p: inStock })).toBe('|');
    expect(render('{p|product-status|date %Y}|{p|product-status|raw}', { p: inStock })).toBe(
      '1969|null',
    );
    expect(render('{p|product-status|timesince}', { p: inStock })).toBe(
      '<span class="timesince" data-date="0">about 53 years ago</span>',
    );
  });

  it('relative-time of it is the missing value of relative-time-invalid-date', () => {
    const context = { items: [inStock], a: 1 };
    const template = '{items.0,a|product-status|relative-time}';
    expect(render(template, context)).toBe('Invalid date.');
    expect(explainedBy(template, context, 'now')).toBe('relative-time-invalid-date');
  });
});
