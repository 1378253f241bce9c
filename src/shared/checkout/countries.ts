/**
 * Countries and their subdivisions as a shopper picks them at checkout: the ISO 3166-1 alpha-2
 * codes the store ships to, named in the site's language by the runtime's own CLDR data
 * (`Intl.DisplayNames`), the subdivisions offered as a list where the store needs a known code
 * (United States and Canada), and the postal code shapes that can be checked before an order.
 */
import type { CheckoutSettings } from './settings.ts';

/** Every officially assigned ISO 3166-1 alpha-2 code. */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ ' +
  'BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM ' +
  'DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS ' +
  'GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN ' +
  'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ ' +
  'MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV ' +
  'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI ' +
  'VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

export interface Choice {
  readonly value: string;
  readonly label: string;
}

/** The countries some shipping rate reaches; every country when a rate names none. */
export function shippingCountries(settings: Pick<CheckoutSettings, 'shippingRates'>): string[] {
  const rates = settings.shippingRates;
  if (rates.length === 0 || rates.some((rate) => rate.countries === undefined))
    return [...COUNTRY_CODES];
  const named = new Set(rates.flatMap((rate) => rate.countries ?? []));
  return COUNTRY_CODES.filter((code) => named.has(code));
}

/** Country choices named in `language` (a BCP 47 tag), sorted by name as that language sorts. */
export function countryChoices(codes: readonly string[], language: string): Choice[] {
  const locale = safeLocale(language);
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  return codes
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

function safeLocale(language: string): string {
  try {
    return Intl.getCanonicalLocales(language.replace('_', '-'))[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

const US_STATES: readonly (readonly [string, string])[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AS', 'American Samoa'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['GU', 'Guam'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['MP', 'Northern Mariana Islands'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['PR', 'Puerto Rico'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UM', 'U.S. Minor Outlying Islands'],
  ['VI', 'U.S. Virgin Islands'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
  ['AA', 'Armed Forces Americas'],
  ['AE', 'Armed Forces Europe'],
  ['AP', 'Armed Forces Pacific'],
];

const CA_PROVINCES: readonly (readonly [string, string])[] = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NT', 'Northwest Territories'],
  ['NS', 'Nova Scotia'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
];

export interface Subdivisions {
  /** The region control's label for this country. */
  readonly label: string;
  readonly choices: readonly Choice[];
}

const SUBDIVISIONS: Readonly<Record<string, Subdivisions>> = {
  US: { label: 'State', choices: US_STATES.map(([value, label]) => ({ value, label })) },
  CA: { label: 'Province', choices: CA_PROVINCES.map(([value, label]) => ({ value, label })) },
};

/** The subdivisions a shopper picks from for this country; undefined where the region is typed. */
export function subdivisionsOf(country: string): Subdivisions | undefined {
  return Object.hasOwn(SUBDIVISIONS, country) ? SUBDIVISIONS[country] : undefined;
}

export const COUNTRIES_WITH_SUBDIVISIONS: readonly string[] = Object.keys(SUBDIVISIONS);

interface PostalRule {
  readonly pattern: RegExp;
  readonly message: string;
}

/**
 * Postal code shapes of the countries the demo and most small stores ship to; any other
 * country's code is only required to be present. Spaces and case are forgiven where the
 * national format allows them.
 */
const POSTAL_RULES: Readonly<Record<string, PostalRule>> = {
  US: { pattern: /^\d{5}(-\d{4})?$/, message: 'Enter a ZIP code such as 12207 or 12207-1234' },
  CA: {
    pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
    message: 'Enter a postal code such as K1A 0B1',
  },
  GB: {
    pattern: /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i,
    message: 'Enter a postcode such as SW1A 1AA',
  },
  DE: { pattern: /^\d{5}$/, message: 'Enter a postal code of 5 digits' },
  FR: { pattern: /^\d{5}$/, message: 'Enter a postal code of 5 digits' },
  IT: { pattern: /^\d{5}$/, message: 'Enter a postal code of 5 digits' },
  ES: { pattern: /^\d{5}$/, message: 'Enter a postal code of 5 digits' },
  NL: { pattern: /^\d{4} ?[A-Z]{2}$/i, message: 'Enter a postcode such as 1012 AB' },
  AU: { pattern: /^\d{4}$/, message: 'Enter a postcode of 4 digits' },
  JP: { pattern: /^\d{3}-?\d{4}$/, message: 'Enter a postal code such as 100-0001' },
  SE: { pattern: /^\d{3} ?\d{2}$/, message: 'Enter a postal code such as 114 55' },
  DK: { pattern: /^\d{4}$/, message: 'Enter a postal code of 4 digits' },
  NO: { pattern: /^\d{4}$/, message: 'Enter a postal code of 4 digits' },
  CH: { pattern: /^\d{4}$/, message: 'Enter a postal code of 4 digits' },
};

/** Why a postal code cannot belong to the country, or undefined when it may. */
export function postalCodeProblem(country: string, postalCode: string): string | undefined {
  const rule = Object.hasOwn(POSTAL_RULES, country) ? POSTAL_RULES[country] : undefined;
  return rule && !rule.pattern.test(postalCode.trim()) ? rule.message : undefined;
}

/** Why a region cannot belong to the country (one not on its list), or undefined when it may. */
export function regionProblem(country: string, region: string | undefined): string | undefined {
  const subdivisions = subdivisionsOf(country);
  if (!subdivisions) return undefined;
  if (region === undefined || region.trim() === '') return 'Required';
  const code = region.trim().toUpperCase();
  return subdivisions.choices.some((choice) => choice.value === code)
    ? undefined
    : `Choose a ${subdivisions.label.toLowerCase()} from the list`;
}
