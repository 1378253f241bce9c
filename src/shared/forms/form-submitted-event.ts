/**
 * The document event a page form dispatches once its submission is stored: the analytics client
 * announces a Lead to the ad pixel, and the promotional popup remembers a newsletter sign-up.
 */
export const FORM_SUBMITTED_EVENT = 'vitrine:form-submitted';

export interface FormSubmittedDetail {
  readonly formId: string;
}
