/** What other modules use of the catalog module's stock writes. */
export { decrementStock, returnStock, type DecrementResult } from './stock.ts';
