/**
 * The one place the restock owner routes get their guard: the owners module's
 * `requireOwner(action)` (401 without an owner login, 403 when the website role lacks the
 * action; roles → actions in src/shared/roles.ts: ADMIN and STORE_MANAGER hold 'restock:read'
 * and 'restock:send').
 */
export { requireOwner } from '../owners/index.ts';
