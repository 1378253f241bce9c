/**
 * Runs before every unit test file. Component tests wait for what React renders after a
 * fetch or a timer; on a loaded CI machine that can take seconds, so waits are bounded by
 * what they wait for (ten seconds at most), not by testing-library's one-second default.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 10_000 });
