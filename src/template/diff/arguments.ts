// Argument forms per formatter and predicate for the differential harness: the forms each
// plugin reads (option lists, paths resolved against the context, numbers, strftime
// patterns…), and for the others a generic pool of plausible and malformed arguments.
import fc from 'fast-check';

const PATHS = ['a', 'b', 's', 'n', 'obj.name', 'obj.id', '@', '@.a', '@index', 'missing', 'list.0'];

const generic = fc.constantFrom(
  '',
  ' 1',
  ' 3',
  ' -1',
  ' 0',
  ' a',
  ' a b',
  ' s',
  ' obj.name',
  ' @',
  ' "x"',
  ' 99999999999',
  ' foo bar baz',
  ':x:y',
  ',1,2',
);

const path = fc.constantFrom(...PATHS);
const paths = (max: number): fc.Arbitrary<string> =>
  fc.array(path, { minLength: 1, maxLength: max }).map((ps) => ` ${ps.join(' ')}`);
const words = (pool: readonly string[], max: number): fc.Arbitrary<string> =>
  fc
    .array(fc.constantFrom(...pool), { maxLength: max })
    .map((ws) => ws.map((w) => ` ${w}`).join(''));

const STRFTIME = ['%A', '%a', '%B', '%b', '%C', '%c', '%D', '%d', '%e', '%F', '%G', '%g', '%H'];
const STRFTIME2 = ['%I', '%j', '%k', '%l', '%M', '%m', '%n', '%p', '%R', '%r', '%S', '%s', '%T'];
const STRFTIME3 = ['%t', '%U', '%u', '%V', '%v', '%W', '%w', '%X', '%x', '%Y', '%y', '%Z', '%z'];
const STRFTIME_ALL = [...STRFTIME, ...STRFTIME2, ...STRFTIME3, '%%', '%Q', 'at', '-', ','];

const DATETIME_OPTS = [
  'date:full',
  'date:long',
  'date:medium',
  'date:short',
  'time:full',
  'time:short',
  'time:medium',
  'date:yMMMd',
  'MMMMd',
  'yMMM',
  'Hm',
  'EEEE',
  'date:MMM',
  'wrap:short',
  'datetime:long',
  'bogus',
];
const NUMBER_OPTS = [
  'group',
  'group:true',
  'group:false',
  'style:long',
  'style:short',
  'style:percent',
  'style:permille',
  'style:percent-scaled',
  'style:accounting',
  'style:name',
  'style:code',
  'style:symbol',
  'style:decimal',
  'mode:significant',
  'mode:significant-maxfrac',
  'minsig:1',
  'maxsig:2',
  'minfrac:2',
  'maxfrac:0',
  'maxfrac:3',
  'minint:3',
  'maximumFractionDigits:1',
  'round:down',
  'round:ceiling',
  'round:half-even',
  'symbol:narrow',
  'currency:EUR',
  'bogus:1',
];
const UNIT_OPTS = [
  'in:meter',
  'in:byte',
  'in:second',
  'in:millisecond',
  'in:fahrenheit',
  'in:acre',
  'in:kilogram',
  'in:day',
  'out:foot',
  'out:kilobyte',
  'out:minute',
  'out:celsius',
  'out:hour,minute,second',
  'compact:bytes',
  'compact:duration',
  'compact:length',
  'compact:weight',
  'compact:consumption',
  'format:long',
  'format:narrow',
  'format:short',
  'group',
  'maxfrac:1',
];

const ARGS: Record<string, fc.Arbitrary<string>> = {
  truncate: fc.oneof(
    fc
      .tuple(fc.integer({ min: -2, max: 30 }), fc.constantFrom('', ' …', ' !!', ' '))
      .map(([n, e]) => ` ${n}${e}`),
    fc.constant(''),
  ),
  cycle: words(['A', 'B', 'C', 'x y'], 4),
  mod: fc.constantFrom('', ' 2', ' 3', ' 0', ' -2', ' x'),
  round: fc.constantFrom('', ' 2'),
  format: words(['a', 's', 'n', 'obj.name', 'missing', '@'], 4),
  get: fc.oneof(paths(3), fc.constant('')),
  lookup: paths(1),
  prop: words(['a', 'name', '0', '1', 'id', 'b.c', 'missing'], 3),
  'key-by': fc.constantFrom(' name', ' id', ' a', '', ' missing'),
  'find-first': fc.constantFrom(' name', ' a', ' id', '', ' value 1', ' @ a'),
  'find-last': fc.constantFrom(' name', ' a', ' id', '', ' value 1', ' @ a'),
  output: words(['abc', 'def', '{x}'], 3),
  apply: fc.constantFrom(' p1', ' p2', ' m1', ' p1 private', ' missing', ' p2 k=v x=1'),
  iter: fc.constantFrom('', ' 1'),
  date: fc
    .array(fc.constantFrom(...STRFTIME_ALL), { minLength: 1, maxLength: 4 })
    .map((ps) => ` ${ps.join(' ')}`),
  datetime: fc.oneof(fc.constant(''), words(DATETIME_OPTS, 3)),
  'datetime-interval': fc.oneof(fc.constant(''), words(['yMMM', 'yMMMd', 'Hm', 'hm', 'MMMd'], 1)),
  decimal: fc.oneof(fc.constant(''), words(NUMBER_OPTS, 3)),
  money: fc.oneof(fc.constant(''), words(NUMBER_OPTS, 3)),
  percentage: fc.oneof(fc.constant(''), words(NUMBER_OPTS, 2)),
  currency: fc.oneof(fc.constant(''), words(NUMBER_OPTS, 2)),
  unit: fc.oneof(fc.constant(''), words(UNIT_OPTS, 3)),
  'i18n-money-format': fc.constantFrom('', ' de-DE', ' en_US', ' fr-FR', ' ja-JP', ' xx'),
  message: fc.oneof(
    fc.constant(''),
    words(['n', 's', 'a', 'obj.name', '@', 'date', 'money', 'n:decimal', 'x=1'], 3),
  ),
  plural: words(['n', 'a', 'count', 'name'], 2),
  'percentage-format': fc.constantFrom('', ' trim'),
  'relative-time': fc.constantFrom('', ' context:begin-sentence', ' field:day', ' bogus'),
  'image-color': fc.constantFrom(
    '',
    ' topLeft',
    ' bottomRight',
    ' center',
    ' topLeft foo',
    ' suggestedBg',
  ),
  'child-image-meta': fc.constantFrom(' 0', ' 1', ' 2', ''),
  'image-meta': fc.constantFrom('', ' 0', ' 1'),
  'image-srcset': fc.constantFrom('', ' 1', ' 0'),
  image: fc.constantFrom('', ' cls', ' foo-bar-image'),
  resizedHeightForWidth: fc.constantFrom(' 50', ' 0', '', ' x'),
  resizedWidthForHeight: fc.constantFrom(' 50', ' 0', '', ' x'),
  squarespaceThumbnailForWidth: fc.constantFrom(' 50', ' 100', ' 101', ' 1400', ' 4000', ''),
  squarespaceThumbnailForHeight: fc.constantFrom(' 50', ' 100', ' 101', ' 1400', ' 4000', ''),
  'website-color': fc.constantFrom('', ' dark', ' light'),
  'color-weight': fc.constantFrom(''),
  humanizeDuration: fc.constantFrom(''),
  timesince: fc.constantFrom(''),
  'summary-form-field': fc.constantFrom(''),
  'collectionTypeNameEquals?': fc.constantFrom('', ' products', ' blog'),
  'current-type?': fc.constantFrom(' gallery', ' products', ''),
  'equal?': fc.oneof(paths(2), fc.constantFrom(' 1', ' "a"', ' a 1', ' n 3')),
  'notEqual?': fc.oneof(paths(2), fc.constantFrom(' 1', ' "a"', ' n 3')),
  'greaterThan?': fc.oneof(paths(2), fc.constantFrom(' 1', ' n 3', ' "b"')),
  'greaterThanOrEqual?': fc.oneof(paths(2), fc.constantFrom(' 1', ' n 3')),
  'lessThan?': fc.oneof(paths(2), fc.constantFrom(' 1', ' n 3')),
  'lessThanOrEqual?': fc.oneof(paths(2), fc.constantFrom(' 1', ' n 3')),
  'nth?': fc.constantFrom(' 2', ' 3', ' @index 2', ' @index0 3', ' 0', ''),
  'index?': fc.constantFrom('', ' 0', ' 1', ' 2'),
};

/** The arguments of a formatter or predicate, each starting with its delimiter. */
export function argumentsOf(name: string): fc.Arbitrary<string> {
  return ARGS[name] ?? generic;
}
