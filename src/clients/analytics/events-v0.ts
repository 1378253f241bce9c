/**
 * v0 tracking events (POST /api/events/RecordEvent): form fields crumb (from the cookie), event
 * and data (JSON) with website id, template id, website locale, the logged-in member's account id
 * and locale, page path and hash; storefront tracking fields may ride along in data. The variant
 * id names a product variant: the v0 events sent (search, checkout confirmed) concern none.
 */
import type { V0EventData } from '../../shared/analytics/events-v0.ts';
import { readCookie, type PageValues } from './page-values.ts';
import { formOf, sendTracking } from './transport.ts';

export const V0_EVENTS_PATH = '/api/events/RecordEvent';

export function recordEventV0(
  event: string,
  values: PageValues,
  data: Omit<V0EventData, 'websiteId'> = {},
): Promise<boolean> {
  const content: V0EventData = {
    ...data,
    websiteId: values.websiteId,
    templateId: values.templateId,
    websiteLocale: values.locale,
    ...(values.member
      ? { memberAccountId: values.member.accountId, memberLocale: values.member.locale }
      : {}),
    pagePath: location.pathname,
    hash: location.hash.slice(0, 512) || undefined,
  };
  return sendTracking(
    V0_EVENTS_PATH,
    formOf({ crumb: readCookie('crumb'), event, data: JSON.stringify(content) }),
  );
}
