import { describe, expect, it } from 'vitest';
import { MANAGEMENT_MESSAGES, managementMessage } from './management-messages.ts';

describe('management-screen messages of the error catalog', () => {
  it('hold the platform wording exactly', () => {
    expect(MANAGEMENT_MESSAGES).toMatchObject({
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
      VIMEO_BASIC_UNSUPPORTED:
        'Vimeo Basic accounts are unsupported. Please share a video from a different account.',
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
      FILE_DELETE_WARNING: "This can't be undone. Make sure to update all links to this file.",
    });
  });

  it('fills placeholders, one list value per occurrence', () => {
    expect(managementMessage('TAG_EXISTS', { tagType: 'category' })).toBe(
      'This category already exists',
    );
    expect(managementMessage('LINK_FORMAT', { host: ['https://example.com', 'example.com'] })).toBe(
      'Links must be formatted as https://example.com or example.com',
    );
    expect(managementMessage('FILE_TOO_LARGE', { maxSize: '20 MB' })).toBe(
      'The maximum allowed file size is 20 MB',
    );
    expect(managementMessage('PAGE_URL_INVALID')).toBe('{val} is not a valid page URL');
    expect(managementMessage('NETWORK_ERROR', { val: 'x' })).toBe('Network error');
  });
});
