/** Entry of the visitor analytics bundle, linked on every page by page-scripts.ts. */
import { readPageValues } from './page-values.ts';
import { startAnalytics } from './start.ts';

try {
  const values = readPageValues();
  if (values) startAnalytics(values);
} catch {
  // Analytics never breaks the page (docs/behaviour/analytics.md#events: failures are swallowed).
}
