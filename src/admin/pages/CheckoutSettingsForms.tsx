/**
 * The checkout's shipping options, tax rates and coupons as three forms over the store-settings
 * API (GET 'store:read', PUT 'store:edit'; docs/owner-api.md): amounts in the store currency's
 * major units, tax rates in percent, each saved list replacing the stored one.
 */
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { allows } from '../api/session.ts';
import { STORE_SETTINGS_PATH, type StoreSettings } from '../api/settings.ts';
import {
  SettingsListForm,
  type DraftValue,
  type FieldSpec,
  type Written,
} from '../components/SettingsListForm.tsx';
import { minorPerMajor } from '../format.ts';
import { useOwner } from '../owner-session.ts';

const asText = (value: DraftValue) => (typeof value === 'string' ? value.trim() : '');
const skip: Written = { value: undefined };

function text(key: string, label: string, optional = false): FieldSpec {
  return {
    key,
    label,
    input: 'text',
    read: (stored) => (typeof stored[key] === 'string' ? stored[key] : ''),
    write: (value) => (optional && asText(value) === '' ? skip : { value: asText(value) }),
  };
}

/** A decimal the owner typed, scaled to an integer: minor units, or basis points for a rate. */
function scaled(value: DraftValue, scale: number, optional: boolean, message: string): Written {
  const typed = asText(value);
  if (typed === '') return optional ? skip : { error: message };
  const number = Number(typed);
  if (!Number.isFinite(number) || number < 0) return { error: message };
  return { value: Math.round(number * scale) };
}

function money(key: string, label: string, unit: number, optional = false): FieldSpec {
  return {
    key,
    label,
    input: 'decimal',
    read: (stored) => (typeof stored[key] === 'number' ? String(stored[key] / unit) : ''),
    write: (value) => scaled(value, unit, optional, 'Enter an amount of 0 or more'),
  };
}

const upperCase = (value: DraftValue) => asText(value).toUpperCase();

function shippingFields(currency: string, unit: number): FieldSpec[] {
  return [
    text('name', 'Name'),
    money('amountCents', `Price (${currency})`, unit),
    money('freeAboveSubtotalCents', `Free from a subtotal of (${currency}, optional)`, unit, true),
    {
      key: 'countries',
      label: 'Countries (two-letter codes, comma-separated; empty for everywhere)',
      input: 'text',
      read: (stored) => (Array.isArray(stored.countries) ? stored.countries.join(', ') : ''),
      write: (value) => {
        const codes = upperCase(value)
          .split(/[\s,]+/)
          .filter((code) => code !== '');
        return codes.length === 0 ? skip : { value: codes };
      },
    },
  ];
}

const TAX_FIELDS: FieldSpec[] = [
  text('name', 'Name'),
  {
    key: 'country',
    label: 'Country (two-letter code)',
    input: 'text',
    read: (stored) => (typeof stored.country === 'string' ? stored.country : ''),
    write: (value) => ({ value: upperCase(value) }),
  },
  text('region', 'Region code (optional; empty for the whole country)', true),
  {
    key: 'rateBasisPoints',
    label: 'Rate (%)',
    input: 'decimal',
    read: (stored) =>
      typeof stored.rateBasisPoints === 'number' ? String(stored.rateBasisPoints / 100) : '',
    write: (value) => scaled(value, 100, false, 'Enter a rate of 0 to 100'),
  },
  {
    key: 'appliesToShipping',
    label: 'Tax shipping too',
    input: 'checkbox',
    read: (stored) => stored.appliesToShipping === true,
    write: (value) => ({ value: value === true }),
  },
];

function couponFields(currency: string, unit: number): FieldSpec[] {
  const amount = money('amountCents', `Amount off (${currency}, fixed coupons)`, unit);
  return [
    text('code', 'Code'),
    {
      key: 'type',
      label: 'Kind',
      input: 'select',
      options: [
        { value: 'PERCENTAGE', label: 'Percent off' },
        { value: 'FIXED', label: 'Amount off' },
      ],
      read: (stored) => (stored.type === 'FIXED' ? 'FIXED' : 'PERCENTAGE'),
      write: (value) => ({ value }),
    },
    {
      key: 'percent',
      label: 'Percent off (percent coupons)',
      input: 'decimal',
      read: (stored) => (typeof stored.percent === 'number' ? String(stored.percent) : ''),
      write: (value, entry) => {
        if (entry.type !== 'PERCENTAGE') return skip;
        const written = scaled(value, 1, false, 'Enter a whole percent from 1 to 100');
        return 'value' in written && !Number.isInteger(Number(asText(value)))
          ? { error: 'Enter a whole percent from 1 to 100' }
          : written;
      },
    },
    {
      ...amount,
      write: (value, entry) => (entry.type === 'FIXED' ? amount.write(value, entry) : skip),
    },
    money('minSubtotalCents', `Minimum subtotal (${currency}, optional)`, unit, true),
    {
      key: 'expiresAt',
      label: 'Last day (UTC, optional)',
      input: 'date',
      read: (stored) => (typeof stored.expiresAt === 'string' ? stored.expiresAt.slice(0, 10) : ''),
      // The coupon applies through the whole last day, stopping at the next midnight UTC.
      write: (value) => {
        const day = asText(value);
        if (day === '') return skip;
        const end = new Date(`${day}T00:00:00Z`);
        if (Number.isNaN(end.getTime())) return { error: 'Enter a date' };
        end.setUTCDate(end.getUTCDate() + 1);
        return { value: end.toISOString() };
      },
    },
  ];
}

/** An id for a new entry, from its name and the moment, within the 64 characters allowed. */
function newId(prefix: string, name: DraftValue): string {
  const slug = asText(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return [prefix, slug, Date.now().toString(36)].filter(Boolean).join('-');
}

const nameOr = (value: DraftValue | undefined, fallback: string) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;

/** What sets the three lists apart; everything else is one SettingsListForm each. */
interface CheckoutList {
  readonly listKey: 'shippingRates' | 'taxRules' | 'coupons';
  readonly heading: string;
  readonly noun: string;
  readonly fields: (currency: string, unit: number) => FieldSpec[];
  /** The field an entry is named by. */
  readonly nameKey: string;
  /** The prefix of a new entry's id; coupons have none (their code names them). */
  readonly idPrefix: string | null;
}

const CHECKOUT_LISTS: readonly CheckoutList[] = [
  {
    listKey: 'shippingRates',
    heading: 'Shipping options',
    noun: 'shipping option',
    fields: shippingFields,
    nameKey: 'name',
    idPrefix: 'shipping',
  },
  {
    listKey: 'taxRules',
    heading: 'Tax rates',
    noun: 'tax rate',
    fields: () => TAX_FIELDS,
    nameKey: 'name',
    idPrefix: 'tax',
  },
  {
    listKey: 'coupons',
    heading: 'Coupons',
    noun: 'coupon',
    fields: couponFields,
    nameKey: 'code',
    idPrefix: null,
  },
];

const capitalized = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);

export function CheckoutSettingsForms({
  settings,
  currency,
}: {
  readonly settings: StoreSettings;
  readonly currency: string;
}) {
  const client = useQueryClient();
  const canEdit = allows(useOwner(), 'store:edit');
  const unit = minorPerMajor(currency);
  const saver = (listKey: keyof StoreSettings) => async (list: Record<string, unknown>[]) => {
    const saved = await api<StoreSettings>(STORE_SETTINGS_PATH, {
      method: 'PUT',
      body: { [listKey]: list },
    });
    client.setQueryData(['store-settings'], saved);
    return saved[listKey];
  };
  return (
    <>
      {CHECKOUT_LISTS.map((list) => (
        <SettingsListForm
          key={list.listKey}
          listKey={list.listKey}
          heading={list.heading}
          noun={list.noun}
          entries={settings[list.listKey]}
          fields={list.fields(currency, unit)}
          entryName={(values, index) =>
            nameOr(values[list.nameKey], `${capitalized(list.noun)} ${String(index + 1)}`)
          }
          newEntry={(values) =>
            list.idPrefix === null ? {} : { id: newId(list.idPrefix, values.name ?? '') }
          }
          canEdit={canEdit}
          save={saver(list.listKey)}
        />
      ))}
    </>
  );
}
