/** Site import and export: the `vitrine import/export` commands and the demo on first start. */
export {
  importSite,
  isDatabaseEmpty,
  SiteImportConflictError,
  type ImportOptions,
  type ImportSummary,
} from './import-site.ts';
export { SiteFileError } from '../../../shared/site-file/index.ts';
export { exportSite } from './export-site.ts';
export { productToRecord, type ProductRecord } from './product-record.ts';
