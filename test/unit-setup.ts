/**
 * Runs before every unit test file. Component tests wait for what React renders after a
 * fetch or a timer; on a loaded CI machine that can take seconds, so waits are bounded by
 * what they wait for (ten seconds at most), not by testing-library's one-second default.
 *
 * Only files with a DOM (`@vitest-environment happy-dom`) load testing-library: importing it
 * costs more than most node-only test files take to run, and they are four in five.
 */
export {};

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 10_000 });
}

export {};
