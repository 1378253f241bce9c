/** What other modules, pages and the composition root use of the forms module. */
export { loadForm } from './form-queries.ts';
