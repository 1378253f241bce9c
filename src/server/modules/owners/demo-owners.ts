/**
 * The demo store's two owner accounts, made by the start that imports the demo (never in
 * production), so the dashboard at /config can be tried at once with a full and a limited role.
 */
import { WEBSITE_ROLES } from '../../../shared/roles.ts';
import type { Database } from '../../db/index.ts';
import { addOwner } from './add-owner.ts';

export const DEMO_OWNER_PASSWORD = 'vitrine-demo';
export const DEMO_OWNERS = [
  { email: 'owner@example.com', role: WEBSITE_ROLES.ADMIN },
  { email: 'editor@example.com', role: WEBSITE_ROLES.EDITOR },
] as const;

export async function addDemoOwners(database: Database): Promise<void> {
  for (const owner of DEMO_OWNERS)
    await addOwner(database, { ...owner, password: DEMO_OWNER_PASSWORD });
}
