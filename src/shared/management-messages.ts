/**
 * The error catalog's messages for the owner dashboard's management screens (files, tags and
 * categories, links, mailing lists, datasets, fonts, uploads). They are shown by the dashboard
 * itself, mostly before or without an API call, so they carry no HTTP status: the dashboard
 * takes its words from here, and an owner API that refuses the same thing answers with the
 * matching ERRORS entry. `{name}` placeholders are filled by `managementMessage`.
 */
export const MANAGEMENT_MESSAGES = {
  // Form checks of the management screens.
  EMAIL_INVALID: 'Please enter a valid email',
  EMAIL_FORMAT: 'Emails must be formatted as {email}',
  LINK_FORMAT: 'Links must be formatted as {host} or {host}',
  FILE_NAME_REQUIRED: 'Please enter a file name',
  MAILING_LIST_REQUIRED: 'A List must be selected',
  DATASET_NO_COLUMN: 'Your dataset must have at least one column',
  DATASET_NO_ROW: 'Your dataset must have at least one row',
  DATASET_ROW_MISSING_DATA: 'One or more rows was missing data',
  PAGE_URL_INVALID: '{val} is not a valid page URL',
  NOT_AN_OPTION: '{val} is not one of the expected options',
  TAG_EXISTS: 'This {tagType} already exists',
  TAG_EDIT_ONE: 'You may only edit one {tagType} at a time',
  FILE_TOO_LARGE: 'The maximum allowed file size is {maxSize}',
  FILE_TYPE_UNSUPPORTED: 'This file type is not supported.',
  VIMEO_BASIC_UNSUPPORTED:
    'Vimeo Basic accounts are unsupported. Please share a video from a different account.',
  // Loading, uploading and connection failures.
  SOMETHING_WENT_WRONG: 'Something went wrong',
  RESULTS_LOAD_FAILED: 'Unable to load results',
  LOAD_FAILED_RETRY: 'Unable to load. Try again.',
  COLLECTIONS_LOAD_FAILED: 'Unable to load collections',
  FONTS_LOAD_FAILED: 'Unable to load fonts',
  FONT_PREVIEW_FAILED: 'Unable to load preview for {fontName}',
  NETWORK_ERROR: 'Network error',
  JOB_NO_RESPONSE: 'No response data from job request',
  FILE_PROCESSING_FAILED: 'File processing failed',
  FILE_PROCESSING_INCOMPLETE: 'File processing failed to complete',
  FILE_PROCESSING_CANCELLED: 'File processing cancelled',
  FILE_UPLOAD_INCOMPLETE: 'File upload failed to complete',
  UPLOAD_ERROR: 'Error uploading',
  FILE_RENAME_FAILED: 'There was a problem while renaming your file.',
  FILE_UPLOAD_FAILED: 'There was a problem while uploading your file.',
  CONNECT_FAILED: 'Unable to connect. Please try again',
  CONTENT_NOT_FOUND: 'Unable to locate content',
  CODE_EDITING_ANDROID: 'Code editing is not available on Android.',
  // Warnings before a destructive action.
  FILE_DELETE_WARNING: "This can't be undone. Make sure to update all links to this file.",
  TAG_REMOVE_WARNING: 'Every item with this {tagType} will be updated.',
} as const;

export type ManagementMessageCode = keyof typeof MANAGEMENT_MESSAGES;

/**
 * The message with its placeholders filled in order of appearance: `values` maps a placeholder
 * name to one value, or to a list used one per occurrence ('Links must be formatted as {host}
 * or {host}' takes two hosts). A placeholder with no value stays as written.
 */
export function managementMessage(
  code: ManagementMessageCode,
  values: Readonly<Record<string, string | readonly string[]>> = {},
): string {
  const used = new Map<string, number>();
  return MANAGEMENT_MESSAGES[code].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    if (typeof value === 'string') return value;
    const index = used.get(name) ?? 0;
    used.set(name, index + 1);
    return value[index] ?? whole;
  });
}
