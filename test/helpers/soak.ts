/**
 * Short and long variants of the reliability suites: `npm test` runs the short one (seconds);
 * `npm run test:soak` sets RELIABILITY_ROUNDS and each suite scales its rounds from it.
 */
const rounds = Number.parseInt(process.env.RELIABILITY_ROUNDS ?? '', 10);

/** True under `npm run test:soak`. */
export const SOAK = Number.isInteger(rounds) && rounds > 0;

/** RELIABILITY_ROUNDS, capped at `soakCap`, under the soak run; `short` otherwise. */
export function reliabilityRounds(short: number, soakCap = Number.POSITIVE_INFINITY): number {
  return SOAK ? Math.max(short, Math.min(rounds, soakCap)) : short;
}
