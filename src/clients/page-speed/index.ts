/** Entry of the page-speed collector bundle: linked by page-scripts.ts only where it is on. */
import { readPageValues } from '../analytics/page-values.ts';
import { startCollector } from './collector.ts';

const values = readPageValues();
if (values) void startCollector(values);
