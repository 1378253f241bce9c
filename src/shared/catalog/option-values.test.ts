import { describe, expect, it } from 'vitest';
import { optionStates, SOLD_OUT_SUFFIX, type OptionStatesInput } from './option-values.ts';

const variants = [
  { sku: 'S-SAND', attributes: { Size: 'S', Colour: 'Sand' }, unlimited: false, qtyInStock: 4 },
  { sku: 'M-SAND', attributes: { Size: 'M', Colour: 'Sand' }, unlimited: false, qtyInStock: 0 },
  { sku: 'M-INK', attributes: { Size: 'M', Colour: 'Ink' }, unlimited: true, qtyInStock: 0 },
];
const base: OptionStatesInput<(typeof variants)[number]> = {
  options: [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Colour', values: ['Sand', 'Ink'] },
  ],
  variants,
  selection: {},
  layout: 'dropdown',
  branching: false,
  tracksStock: true,
  settings: { soldOutDropdownDisabled: false, restockNotificationsEnabled: false },
};
const colour = (input: Partial<typeof base>) =>
  optionStates({ ...base, ...input })[1]?.values ?? [];

describe('sold-out values', () => {
  it("get ' (Sold Out)' once theirs is the option left to choose, with both settings off", () => {
    expect(SOLD_OUT_SUFFIX).toBe(' (Sold Out)');
    expect(colour({ selection: { Size: 'M' } }).map((v) => v.label)).toEqual([
      'Sand (Sold Out)',
      'Ink',
    ]);
    // Still marked once chosen: the other options are chosen, so the variant is known.
    expect(colour({ selection: { Size: 'M', Colour: 'Sand' } })[0]?.label).toBe('Sand (Sold Out)');
  });

  it('are not marked while another option is still to choose', () => {
    expect(colour({}).map((v) => v.label)).toEqual(['Sand', 'Ink']);
    expect(optionStates(base)[0]?.values.map((v) => v.label)).toEqual(['S', 'M']);
  });

  it('are left out of the dropdown with sold-out dropdown disabling on', () => {
    const states = colour({
      selection: { Size: 'M' },
      settings: { soldOutDropdownDisabled: true, restockNotificationsEnabled: false },
    });
    expect(states[0]).toEqual({
      value: 'Sand',
      label: 'Sand',
      compatible: true,
      enabled: false,
      unavailable: false,
    });
    expect(states[1]?.enabled).toBe(true);
  });

  it('stay choosable and unmarked with restock notifications on (to sign up for them)', () => {
    for (const soldOutDropdownDisabled of [false, true]) {
      const states = colour({
        selection: { Size: 'M' },
        settings: { soldOutDropdownDisabled, restockNotificationsEnabled: true },
      });
      expect(states[0]).toEqual({
        value: 'Sand',
        label: 'Sand',
        compatible: true,
        enabled: true,
        unavailable: false,
      });
    }
  });

  it('get the unavailable marker in the radio layout instead of the suffix', () => {
    const states = colour({ selection: { Size: 'M' }, layout: 'radio' });
    expect(states[0]).toEqual({
      value: 'Sand',
      label: 'Sand',
      compatible: true,
      enabled: true,
      unavailable: true,
    });
    expect(states[1]?.unavailable).toBe(false);
  });

  it('never show for products that do not run out', () => {
    expect(colour({ selection: { Size: 'M' }, tracksStock: false })[0]?.label).toBe('Sand');
  });
});

describe('branching', () => {
  it('offers only values that combine with the other choices', () => {
    expect(colour({ selection: { Size: 'S' }, branching: true }).map((v) => v.compatible)).toEqual([
      true,
      false,
    ]);
    expect(colour({ selection: { Size: 'S' }, branching: true }).map((v) => v.enabled)).toEqual([
      true,
      false,
    ]);
    expect(colour({ selection: { Size: 'S' }, branching: false }).map((v) => v.enabled)).toEqual([
      true,
      true,
    ]);
  });
});
