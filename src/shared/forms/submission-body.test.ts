import { describe, expect, it } from 'vitest';
import { FORM_LOCALE, submissionBody } from './submission-body.ts';

const page = { id: 'contact', title: 'Contact', path: '/contact', contentSource: 'c' } as const;

describe('the SaveFormSubmission body (docs/behaviour/forms-and-captcha.md#submitting-a-page-form)', () => {
  it('holds the key, the answers as JSON, the captcha answer, the page fields and en-US', () => {
    expect(FORM_LOCALE).toBe('en-US');
    expect(
      submissionBody({
        key: 'k',
        formId: 'contact-form',
        answers: { name: ['A', 'B'] },
        captchaKey: 'solved',
        page,
      }),
    ).toEqual({
      ok: true,
      body: {
        key: 'k',
        formId: 'contact-form',
        form: '{"name":["A","B"]}',
        captchaKey: 'solved',
        pageId: 'contact',
        pageTitle: 'Contact',
        pagePath: '/contact',
        contentSource: 'c',
        locale: 'en-US',
      },
    });
  });

  it('leaves the captcha out when there is none, and refuses answers JSON cannot hold', () => {
    const plain = submissionBody({ key: 'k', formId: 'f', answers: {}, page });
    expect(plain.ok && 'captchaKey' in plain.body).toBe(false);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(submissionBody({ key: 'k', formId: 'f', answers: circular, page })).toEqual({
      ok: false,
      message: 'Could not parse the form fields, please check your entries.',
    });
  });
});
