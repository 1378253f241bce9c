/** Entry of the error reporter bundle: linked on every page by page-scripts.ts. */
import { readPageValues } from '../analytics/page-values.ts';
import { createErrorReporter, listenForErrors } from './error-reporter.ts';

const values = readPageValues();
listenForErrors(
  window,
  createErrorReporter({ siteId: values?.websiteId, templateId: values?.templateId }),
);
