import { describe, expect, it } from 'vitest';
import { canonicalJson, planMerge, type MergeEntry, type MergeVariant } from './merge-plan.ts';

const entry = (
  id: string,
  variantId: string,
  quantity: number,
  additionalFields: Record<string, unknown> | null = null,
  productId = `p-${variantId}`,
): MergeEntry => ({
  id,
  productId,
  variantId,
  quantity,
  additionalFields,
});
const physical = (qtyInStock: number, unlimited = false): MergeVariant => ({
  productType: 1,
  unlimited,
  qtyInStock,
});

describe('planMerge', () => {
  it('adds the same variant with the same answers to the user entry', () => {
    const plan = planMerge(
      [entry('u1', 'a', 1)],
      [entry('g1', 'a', 2)],
      new Map([['a', physical(10)]]),
    );
    expect(plan).toEqual({
      updates: [{ entryId: 'u1', quantity: 3 }],
      inserts: [],
      unitsDropped: 0,
    });
  });

  it('caps by stock summed across the cart entries of the variant', () => {
    const variants = new Map([['a', physical(4)]]);
    const plan = planMerge(
      [entry('u1', 'a', 1, { x: 1 }), entry('u2', 'a', 1, { x: 2 })],
      [entry('g1', 'a', 5, { x: 1 })],
      variants,
    );
    expect(plan).toEqual({
      updates: [{ entryId: 'u1', quantity: 3 }],
      inserts: [],
      unitsDropped: 3,
    });
  });

  it('never reduces what the user already had, even above stock', () => {
    const plan = planMerge(
      [entry('u1', 'a', 5)],
      [entry('g1', 'a', 1)],
      new Map([['a', physical(3)]]),
    );
    expect(plan).toEqual({ updates: [], inserts: [], unitsDropped: 1 });
  });

  it('ignores stock for unlimited variants, digital goods and gift cards but keeps one of a digital product', () => {
    const variants = new Map<string, MergeVariant>([
      ['u', physical(0, true)],
      ['d', { productType: 2, unlimited: false, qtyInStock: 0 }],
      ['g', { productType: 4, unlimited: false, qtyInStock: 0 }],
    ]);
    const plan = planMerge(
      [entry('u1', 'd', 1)],
      [entry('g1', 'u', 7), entry('g2', 'd', 1), entry('g3', 'g', 2)],
      variants,
    );
    expect(plan.updates).toEqual([]);
    expect(plan.inserts.map((i) => [i.variantId, i.quantity])).toEqual([
      ['u', 7],
      ['g', 2],
    ]);
    expect(plan.unitsDropped).toBe(1);
  });

  it('compares answers by value (key order ignored) and keeps different answers as separate entries', () => {
    const variants = new Map([['a', physical(10)]]);
    const plan = planMerge(
      [entry('u1', 'a', 1, { name: 'Al', wrap: 'Yes' })],
      [
        entry('g1', 'a', 1, { wrap: 'Yes', name: 'Al' }),
        entry('g2', 'a', 1, { name: 'Bo' }),
        entry('g3', 'a', 2, { name: 'Bo' }),
      ],
      variants,
    );
    expect(plan.updates).toEqual([{ entryId: 'u1', quantity: 2 }]);
    expect(plan.inserts).toEqual([
      { productId: 'p-a', variantId: 'a', quantity: 3, additionalFields: { name: 'Bo' } },
    ]);
  });

  it('keeps an entry at most 9999 and drops variants that no longer exist', () => {
    const plan = planMerge(
      [entry('u1', 'a', 9998)],
      [entry('g1', 'a', 5), entry('g2', 'gone', 2)],
      new Map([['a', physical(0, true)]]),
    );
    expect(plan).toEqual({
      updates: [{ entryId: 'u1', quantity: 9999 }],
      inserts: [],
      unitsDropped: 6,
    });
  });

  it('canonicalJson sorts keys at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"e":3,"f":2}]},"b":1}',
    );
    expect(canonicalJson(null)).toBe('null');
  });
});
