/** Integer minor-unit arithmetic shared by discounts and taxes. */

/** amount × basisPoints / 10 000, rounded half up; both inputs non-negative integers. */
export function applyBasisPoints(amountCents: number, basisPoints: number): number {
  return Math.floor((amountCents * basisPoints + 5_000) / 10_000);
}

/** amount × percent / 100, rounded half up. */
export function applyPercent(amountCents: number, percent: number): number {
  return applyBasisPoints(amountCents, percent * 100);
}
