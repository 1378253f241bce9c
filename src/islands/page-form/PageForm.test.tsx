// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormFieldDefinition } from '../../shared/forms/field-types.ts';
import { pageFormView, type PageFormProps } from '../../shared/forms/page-form-view.ts';
import { formSiteSettingsSchema } from '../../shared/forms/site-settings.ts';
import type * as CaptchaClientModule from './captcha/captcha-client.ts';
import type { CaptchaRenderOptions, MountCaptcha } from './captcha/captcha-client.ts';
import PageForm from './PageForm.tsx';

const navigateTo = vi.hoisted(() => vi.fn<(url: string) => void>());
vi.mock('./navigate.ts', () => ({ navigateTo }));

/** The captcha provider as the form sees it: what it rendered, its answer and its resets. */
const captcha = vi.hoisted(() => ({
  loads: 0,
  options: undefined as CaptchaRenderOptions | undefined,
  answer: undefined as string | undefined,
  resets: 0,
  fail: false,
}));
vi.mock('./captcha/captcha-client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof CaptchaClientModule>();
  const mount: MountCaptcha = (_node, options) => {
    captcha.options = options;
    if (captcha.fail) return Promise.reject(new Error('widget broke'));
    return Promise.resolve({
      response: () => captcha.answer,
      reset: () => {
        captcha.resets += 1;
      },
    });
  };
  return {
    ...actual,
    loadMount: () => {
      captcha.loads += 1;
      return Promise.resolve(mount);
    },
  };
});

/** IntersectionObserver that reports "shown" only when the test says so. */
const observers: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
class FakeIntersectionObserver {
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    observers.push(this.callback);
  }
  disconnect() {}
}

const FIELDS: FormFieldDefinition[] = [
  { id: 'name', type: 'name', title: 'Name', required: true },
  {
    id: 'email',
    type: 'email',
    title: 'Email',
    required: true,
    placeholder: 'you@example.com',
    description: 'We reply to this address.',
  },
  { id: 'phone', type: 'phone', title: 'Phone' },
  { id: 'intl', type: 'phone', title: 'International phone', showCountryCode: true },
  { id: 'topic', type: 'select', title: 'Topic', options: ['An order', 'Sizing'] },
  { id: 'about', type: 'section', title: 'About your order', underline: true },
  { id: 'order', type: 'text', title: 'Order number', placeholder: 'VT-1001', maxLength: 20 },
  { id: 'ordered', type: 'date', title: 'Order date' },
  { id: 'items', type: 'number', title: 'Items' },
  { id: 'total', type: 'currency', title: 'Order total', currencySymbol: '€' },
  { id: 'delivery', type: 'address', title: 'Delivery address' },
  { id: 'site', type: 'website', title: 'Website' },
  { id: 'callback', type: 'time', title: 'Best time to call' },
  { id: 'reply', type: 'radio', title: 'Reply by', options: ['Email', 'Phone'] },
  { id: 'interests', type: 'checkbox', title: 'Interests', options: ['New', 'Workshops', 'Gifts'] },
  { id: 'service', type: 'likert', title: 'How did we do?', options: ['Speed', 'Packaging'] },
  { id: 'message', type: 'textarea', title: 'Message', required: true, maxLength: 10 },
  { id: 'source', type: 'hidden', key: 'utm_source', value: 'contact-page' },
];

const PAGE = { id: 'contact', title: 'Contact', path: '/contact', contentSource: 'c' } as const;

function props(
  overrides: Partial<PageFormProps> = {},
  formSettings: Record<string, unknown> = {},
  siteSettings: Record<string, unknown> = { formTextareaMaxLength: true },
): PageFormProps {
  return {
    ...pageFormView({
      form: {
        id: 'contact-form',
        name: 'Contact Us',
        fields: FIELDS,
        settings: { submissionMessage: 'Thank you. We will be in touch.', ...formSettings },
      },
      blockType: 'form',
      settings: formSiteSettingsSchema.parse(siteSettings),
      redirectHosts: ['partner.example'],
      page: PAGE,
      query: new URLSearchParams(),
      crumb: 'server-crumb',
    }),
    ...overrides,
  };
}

const fetchMock = vi.fn<typeof fetch>();
/** The body the form sent to SaveFormSubmission (always a JSON string). */
const sentBody = (): string => fetchMock.mock.calls[1]?.[1]?.body as string;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  observers.length = 0;
  Object.assign(captcha, {
    loads: 0,
    options: undefined,
    answer: undefined,
    resets: 0,
    fail: false,
  });
  navigateTo.mockReset();
  document.cookie = 'crumb=cookie-crumb';
  window.history.replaceState(null, '', '/contact');
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function flush(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 12; i += 1) await Promise.resolve();
  });
}

const form = () => document.querySelector('form') as HTMLFormElement;
const input = (name: string) => form().querySelector(`[name="${name}"]`) as HTMLInputElement;
const texts = (selector: string) =>
  [...document.querySelectorAll(selector)].map((element) => element.textContent.trim());
const submit = async () => {
  fireEvent.submit(form());
  await flush();
};

function fillRequired(): void {
  fireEvent.change(input('f:name:0'), { target: { value: 'Ada' } });
  fireEvent.change(input('f:name:1'), { target: { value: 'Lovelace' } });
  fireEvent.change(input('f:email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(input('f:message'), { target: { value: 'Hello' } });
}

/** Answers the key request, then SaveFormSubmission with `save`. */
function answer(save: Response | Promise<Response> | Error): void {
  fetchMock.mockResolvedValueOnce(json(200, { key: 'key-1' }));
  if (save instanceof Error) fetchMock.mockRejectedValueOnce(save);
  else fetchMock.mockReturnValueOnce(Promise.resolve(save));
}

describe('every field type, server-rendered', () => {
  it('renders a plain post form with each type’s builder settings', () => {
    const html = renderToString(<PageForm {...props()} />);
    document.body.innerHTML = html;
    expect(form().getAttribute('method')).toBe('post');
    expect(form().getAttribute('action')).toBe('/forms/submit#page-form-contact-form');
    expect(input('crumb').value).toBe('server-crumb');
    expect(input('formId').value).toBe('contact-form');
    expect(input('pagePath').value).toBe('/contact');
    const labels = texts('label, legend');
    for (const label of ['First Name', 'Last Name', 'Month', 'Day', 'Year', 'Hour', 'AM/PM'])
      expect(labels).toContain(label);
    expect(labels).toContain('Email (required)');
    expect(labels).toContain('Strongly Disagree');
    expect(labels).toContain('Strongly Agree');
    expect(texts('.page-form-description')).toEqual(['We reply to this address.']);
    expect(input('f:email').placeholder).toBe('you@example.com');
    expect(input('f:email').getAttribute('aria-required')).toBe('true');
    expect(input('f:order').maxLength).toBe(20);
    expect(texts('.page-form-currency-symbol')).toEqual(['€']);
    expect(input('f:phone:3')).toBeNull();
    expect(input('f:intl:3')).not.toBeNull();
    expect(texts('select[name="f:topic"] option')).toEqual([
      'Select an option',
      'An order',
      'Sizing',
    ]);
    expect(form().querySelectorAll('[name="f:interests"]')).toHaveLength(3);
    expect(form().querySelectorAll('[name="f:service:1"]')).toHaveLength(5);
    expect(document.querySelector('.page-form-section-title.underline')?.textContent).toBe(
      'About your order',
    );
    expect(input('f:source').type).toBe('hidden');
    expect(input('f:source').value).toBe('contact-page');
    expect(texts('.page-form-counter')).toEqual(['0/10']);
  });

  it('gives the textarea no maxLength and no counter when the site’s flag is off', () => {
    render(<PageForm {...props({}, {}, {})} />);
    expect(input('f:message').getAttribute('maxlength')).toBeNull();
    expect(document.querySelector('.page-form-counter')).toBeNull();
  });

  it('counts characters as the visitor types', () => {
    render(<PageForm {...props()} />);
    fireEvent.input(input('f:message'), { target: { value: 'Hi 👋' } });
    expect(texts('.page-form-counter')).toEqual(['4/10']);
  });

  it('shows the disclaimer', () => {
    render(<PageForm {...props({}, { disclaimerMessage: 'See [terms](/terms).' })} />);
    expect(document.querySelector('.page-form-disclaimer a')?.getAttribute('href')).toBe('/terms');
  });
});

describe('submitting', () => {
  it('sends a key request, then the answers in their shapes with the crumb and en-US', async () => {
    window.history.replaceState(null, '', '/contact?utm_source=newsletter');
    render(<PageForm {...props()} />);
    fillRequired();
    fireEvent.change(input('f:phone:0'), { target: { value: '555' } });
    fireEvent.change(input('f:phone:1'), { target: { value: '123' } });
    fireEvent.change(input('f:phone:2'), { target: { value: '4567' } });
    fireEvent.change(input('f:ordered:2'), { target: { value: '2026' } });
    fireEvent.change(input('f:callback:0'), { target: { value: '9' } });
    fireEvent.change(input('f:topic'), { target: { value: 'Sizing' } });
    fireEvent.click(screen.getByLabelText('Phone', { selector: 'input[type="radio"]' }));
    fireEvent.click(screen.getByLabelText('Workshops'));
    fireEvent.click(screen.getByLabelText('Gifts'));
    fireEvent.click(form().querySelector('[name="f:service:0"][value="Agree"]') as HTMLElement);
    answer(json(200, { success: true, submissionId: 's1' }));
    await submit();

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/form/FormSubmissionKey',
      '/api/form/SaveFormSubmission',
    ]);
    const [, keyInit] = fetchMock.mock.calls[0] ?? [];
    expect(keyInit).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'x-csrf-token': 'cookie-crumb' },
    });
    const body = JSON.parse(sentBody()) as Record<string, string>;
    expect(body).toMatchObject({
      key: 'key-1',
      formId: 'contact-form',
      pageId: 'contact',
      pageTitle: 'Contact',
      pagePath: '/contact',
      contentSource: 'c',
      locale: 'en-US',
    });
    expect(JSON.parse(body.form ?? '')).toEqual({
      name: ['Ada', 'Lovelace'],
      email: 'ada@example.com',
      phone: ['', '555', '123', '4567'],
      intl: ['', '', '', ''],
      topic: 'Sizing',
      order: '',
      ordered: ['', '', '2026'],
      items: '',
      total: '',
      delivery: ['', '', '', '', '', ''],
      site: '',
      callback: ['9', '', '', ''],
      reply: 'Phone',
      interests: ['Workshops', 'Gifts'],
      service: { Speed: 'Agree' },
      message: 'Hello',
      source: 'newsletter',
    });
    expect(screen.getByRole('status').textContent).toBe('Thank you. We will be in touch.');
    expect(document.querySelector('form')).toBeNull();
  });

  it('sends a hidden field’s own value without the query parameter', async () => {
    render(<PageForm {...props()} />);
    fillRequired();
    answer(json(200, { success: true }));
    await submit();
    const body = JSON.parse(sentBody()) as { form: string };
    expect(JSON.parse(body.form)).toMatchObject({ source: 'contact-page' });
  });

  it('locks while submitting: “Submitting…”, and a second submit is ignored', async () => {
    render(<PageForm {...props()} />);
    fillRequired();
    let finish: (response: Response) => void = () => undefined;
    answer(new Promise<Response>((resolve) => (finish = resolve)));
    await submit();
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('Submitting…');
    expect(button).toHaveProperty('disabled', true);
    expect(form().getAttribute('aria-busy')).toBe('true');
    await submit();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    finish(json(200, { success: true }));
    await flush();
    expect(screen.getByRole('status').textContent).toBe('Thank you. We will be in touch.');
  });

  it('shows the post-submit block instead of the message', async () => {
    render(<PageForm {...props({}, { submissionHTML: '<p class="done">See you soon</p>' })} />);
    fillRequired();
    answer(json(200, { success: true }));
    await submit();
    expect(document.querySelector('.page-form-post-submit .done')?.textContent).toBe(
      'See you soon',
    );
  });

  it('announces a stored submission with its form id, and nothing when it fails', async () => {
    const announced: unknown[] = [];
    const listen = (event: Event) => announced.push((event as CustomEvent).detail);
    document.addEventListener('vitrine:form-submitted', listen);
    render(<PageForm {...props()} />);
    fillRequired();
    fetchMock.mockResolvedValueOnce(json(200, { key: 'key-1' }));
    fetchMock.mockResolvedValueOnce(json(500, {}));
    await submit();
    expect(announced).toEqual([]);
    answer(json(200, { success: true }));
    await submit();
    document.removeEventListener('vitrine:form-submitted', listen);
    expect(announced).toEqual([{ formId: 'contact-form' }]);
  });

  it('redirects only to this site or an allowed host', async () => {
    const { unmount } = render(<PageForm {...props({ successRedirect: '/thanks' })} />);
    fillRequired();
    answer(json(200, { success: true }));
    await submit();
    expect(navigateTo).toHaveBeenCalledWith('/thanks');
    unmount();

    navigateTo.mockReset();
    const allowed = render(
      <PageForm {...props({ successRedirect: 'https://partner.example/done' })} />,
    );
    fillRequired();
    answer(json(200, { success: true }));
    await submit();
    expect(navigateTo).toHaveBeenCalledWith('https://partner.example/done');
    allowed.unmount();

    navigateTo.mockReset();
    render(<PageForm {...props({ successRedirect: 'https://evil.example/' })} />);
    fillRequired();
    answer(json(200, { success: true }));
    await submit();
    expect(navigateTo).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('Thank you. We will be in touch.');
  });
});

const PROBLEM_ABOVE = 'Your form has encountered a problem. Please scroll down to review.';
const PROBLEM_BELOW = 'Your form has encountered a problem. Please scroll up to review.';
const INVALID = 'One or more fields is invalid, please check your entries.';

describe('failing', () => {
  it('checks the fields first: errors above them, the form’s message, and the problem notes', async () => {
    render(<PageForm {...props()} />);
    fireEvent.change(input('f:email'), { target: { value: 'not-an-email' } });
    await submit();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(texts('.page-form-error')).toEqual([
      'Required',
      'Email is not valid. Email addresses should follow the format name@example.com.',
      'Required',
    ]);
    const nameField = document.getElementById('page-form-contact-form-name-field');
    expect(nameField?.firstElementChild?.textContent).toBe('Required');
    expect(screen.getByRole('alert').textContent).toBe(INVALID);
    expect(texts('.page-form-problem')).toEqual([PROBLEM_ABOVE, PROBLEM_BELOW]);
    expect(input('f:email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button').textContent).toBe('Submit');
  });

  it("submits without checking the merchant's rules when the form's validation is off", async () => {
    render(<PageForm {...props({ validationDisabled: true })} />);
    fireEvent.change(input('f:email'), { target: { value: 'not-an-email' } });
    answer(json(200, { success: true, submissionId: 's1' }));
    await submit();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(texts('.page-form-error')).toEqual([]);
  });

  it("marks a newsletter's sign-up button for the button census, and no other form's", () => {
    const { unmount } = render(
      <PageForm {...props({ newsletter: true, submitLabel: 'Subscribe' })} />,
    );
    expect(screen.getByRole('button').getAttribute('data-census-button')).toBe('newsletter-signup');
    unmount();
    render(<PageForm {...props()} />);
    expect(screen.getByRole('button').hasAttribute('data-census-button')).toBe(false);
  });

  it('shows no problem notes on a newsletter form', async () => {
    render(<PageForm {...props({ newsletter: true, submitLabel: 'Subscribe' })} />);
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(INVALID);
    expect(document.querySelector('.page-form-problem')).toBeNull();
  });

  it('scrolls to 30 px above the first error in a 300 ms tween', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      return { top: this.hasAttribute('data-form-error') ? 500 : 0 } as DOMRect;
    });
    render(<PageForm {...props()} />);
    await submit();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(150);
    });
    const midway = scrollTo.mock.calls.at(-1)?.[1] as number;
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(470);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(scrollTo.mock.calls.at(-1)).toEqual([0, 470]);
    const frames = scrollTo.mock.calls.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(scrollTo.mock.calls.length).toBe(frames);
    expect(document.activeElement).toBe(
      input('f:name:0').closest('form')?.querySelector('[aria-invalid="true"]'),
    );
  });

  it.each([
    [401, 'Unable to submit form. Please try again later.'],
    [404, 'This form has not been configured yet.'],
    [429, 'Unable to submit form. Submission rate limit exceeded. Please try again later.'],
    [500, 'Unable to send form. Please try again later.'],
    [503, 'Unknown error, please try again later.'],
  ])('answers status %i with “%s”, unlocked', async (status, message) => {
    render(<PageForm {...props()} />);
    fillRequired();
    answer(json(status, {}));
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(texts('.page-form-problem')).toEqual([PROBLEM_ABOVE, PROBLEM_BELOW]);
    expect(screen.getByRole('button')).toHaveProperty('disabled', false);
  });

  it('shows another status’s own error text', async () => {
    render(<PageForm {...props()} />);
    fillRequired();
    answer(json(403, { error: { code: 'SESSION_EXPIRED', message: 'Please reload the page.' } }));
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Please reload the page.');
  });

  it('puts a 400’s field messages above their fields', async () => {
    render(<PageForm {...props()} />);
    fillRequired();
    answer(json(400, { error: { fields: { email: 'Email is taken.' } } }));
    await submit();
    expect(texts('.page-form-error')).toEqual(['Email is taken.']);
    expect(screen.getByRole('alert').textContent).toBe(INVALID);
  });

  it('says when the fields could not be parsed', async () => {
    render(<PageForm {...props()} />);
    fillRequired();
    const parse = 'Could not parse the form fields, please check your entries.';
    answer(json(400, { error: { message: parse, fields: { form: parse } } }));
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(parse);
  });

  it('says when no submission key came', async () => {
    render(<PageForm {...props()} />);
    fillRequired();
    fetchMock.mockResolvedValueOnce(json(500, {}));
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not get a form submission key, please try again later.',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says when the submission could not be processed', async () => {
    render(<PageForm {...props()} />);
    fillRequired();
    answer(new TypeError('Failed to fetch'));
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(
      'Error processing form submission. Please reload and try again.',
    );
  });

  it('shows a failed plain post as the server rendered it, with what was sent', () => {
    render(
      <PageForm
        {...props({
          outcome: {
            status: 'failed',
            message: INVALID,
            errors: { email: 'Required' },
            values: { name: ['Ada', 'L'], reply: 'Email', interests: ['Gifts'], message: 'Hi' },
          },
        })}
      />,
    );
    expect(input('f:name:0').value).toBe('Ada');
    expect(
      screen.getByLabelText<HTMLInputElement>('Email', { selector: 'input[type="radio"]' }).checked,
    ).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Gifts').checked).toBe(true);
    expect(texts('.page-form-error')).toEqual(['Required']);
    expect(texts('.page-form-counter')).toEqual(['2/10']);
  });

  it('shows a successful plain post’s message', () => {
    render(<PageForm {...props({ outcome: { status: 'success' } })} />);
    expect(screen.getByRole('status').textContent).toBe('Thank you. We will be in touch.');
  });
});

describe('the captcha', () => {
  const withCaptcha = (theme = 'dark', alignment = 'center') =>
    props(
      {},
      { captchaEnabled: true, captchaTheme: theme, captchaAlignment: alignment },
      { formTextareaMaxLength: true, captchaSettings: { siteKey: 'site-key', provider: 'altcha' } },
    );
  const show = async () => {
    await act(async () => {
      for (const report of observers) report([{ isIntersecting: true }]);
      for (let i = 0; i < 6; i += 1) await Promise.resolve();
    });
  };

  it('loads its widget only when the form is shown, in the form’s theme and alignment', async () => {
    render(<PageForm {...withCaptcha()} />);
    expect(captcha.loads).toBe(0);
    await show();
    expect(captcha.loads).toBe(1);
    expect(captcha.options).toMatchObject({ siteKey: 'site-key', theme: 'dark' });
    const box = document.querySelector('.page-form-captcha');
    expect(box?.className).toContain('page-form-captcha--center');
    expect(box?.className).toContain('page-form-captcha--dark');
  });

  it('must be completed: “Complete CAPTCHA before submitting.”', async () => {
    render(<PageForm {...withCaptcha()} />);
    await show();
    fillRequired();
    await submit();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(texts('.page-form-captcha .page-form-error')).toEqual([
      'Complete CAPTCHA before submitting.',
    ]);
    expect(screen.getByRole('alert').textContent).toBe(INVALID);
  });

  it('sends its answer and is reset after a failure', async () => {
    render(<PageForm {...withCaptcha()} />);
    await show();
    fillRequired();
    captcha.answer = 'solved-payload';
    answer(json(400, { error: { fields: { captcha: 'Complete CAPTCHA before submitting.' } } }));
    await submit();
    const body = JSON.parse(sentBody()) as { captchaKey: string };
    expect(body.captchaKey).toBe('solved-payload');
    expect(captcha.resets).toBe(1);
    expect(texts('.page-form-captcha .page-form-error')).toEqual([
      'Complete CAPTCHA before submitting.',
    ]);
  });

  it('logs “ReCaptcha has not been set up!” when asked before its widget rendered', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<PageForm {...withCaptcha()} />);
    fillRequired();
    await submit();
    expect(errors).toHaveBeenCalledWith('ReCaptcha has not been set up!');
    expect(texts('.page-form-captcha .page-form-error')).toEqual([
      'Complete CAPTCHA before submitting.',
    ]);
  });

  it('logs “Error rendering captcha into node” when its widget fails', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    captcha.fail = true;
    render(<PageForm {...withCaptcha('light', 'left')} />);
    await show();
    expect(errors).toHaveBeenCalledWith('Error rendering captcha into node', expect.any(Error));
  });
});
