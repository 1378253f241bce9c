// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdditionalFields } from '../../shared/cart/additional-fields.ts';
import type { FormFieldDefinition } from '../../shared/forms/field-types.ts';
import { openExtraFieldsDialog } from './open-extra-fields-dialog.tsx';

const FIELDS: FormFieldDefinition[] = [
  { id: 'intro', type: 'section', title: 'Your monogram' },
  { id: 'initials', type: 'text', title: 'Initials', required: true, maxLength: 3 },
  { id: 'who', type: 'name', title: 'Recipient', required: true },
  { id: 'size', type: 'radio', title: 'Size', required: true, options: ['S', 'M'] },
  { id: 'thread', type: 'select', title: 'Thread colour', required: true, options: ['Navy'] },
  { id: 'extras', type: 'checkbox', title: 'Extras', required: true, options: ['Box'] },
  { id: 'rate', type: 'likert', title: 'Rate us', required: true, options: ['Service'] },
];

const fetchMock = vi.fn<typeof fetch>();
let opener: HTMLButtonElement;
let result: Promise<AdditionalFields | null>;
let settled: AdditionalFields | null | undefined;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Runs timers and lets promises (fetch, the dialog's promise) settle. */
async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function open(fields: readonly FormFieldDefinition[] = FIELDS): void {
  settled = undefined;
  act(() => {
    result = openExtraFieldsDialog({ formId: 'monogram-form', form: fields, opener });
  });
  void result.then((answers) => {
    settled = answers;
  });
}

function dialog(): HTMLDialogElement {
  const element = document.querySelector('dialog');
  if (!element) throw new Error('no dialog');
  return element;
}

function fillValidAnswers(): void {
  const box = within(dialog());
  fireEvent.change(box.getByLabelText(/Initials/), { target: { value: 'ABC' } });
  fireEvent.change(box.getByLabelText('First Name'), { target: { value: 'Ada' } });
  fireEvent.click(box.getByLabelText('M'));
  fireEvent.change(box.getByLabelText(/Thread colour/), { target: { value: 'Navy' } });
  fireEvent.click(box.getByLabelText('Box'));
}

function submit(): void {
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Add to Cart' }));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'crumb=crumb-123';
  opener = document.createElement('button');
  opener.textContent = 'Add to Cart';
  document.body.append(opener);
  opener.focus();
});

afterEach(async () => {
  // Close whatever a test left open, so the next starts with a clean page.
  if (document.querySelector('dialog')) {
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    await advance(300);
  }
  document.body.replaceChildren();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('openExtraFieldsDialog: the lightbox', () => {
  it('opens a native modal dialog, locks the scroll and fades in', async () => {
    document.documentElement.style.overflow = 'auto';
    open();
    expect(dialog().open).toBe(true);
    expect(dialog().getAttribute('aria-labelledby')).toBe('extra-field-dialog-title');
    expect(screen.getByRole('heading', { name: 'Additional Information' })).toBeTruthy();
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(dialog().className).toBe('lightbox lightbox-opening');
    expect(dialog().style.transitionDuration).toBe('300ms');
    await advance(16);
    expect(dialog().className).toBe('lightbox lightbox-open');
  });

  it('closes on a click of the close control after the 0.3 s fade, resolving null and returning focus', async () => {
    document.documentElement.style.overflow = 'auto';
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog().className).toBe('lightbox lightbox-closing');
    await advance(299);
    expect(settled).toBeUndefined();
    expect(document.querySelector('dialog')).not.toBeNull();
    await advance(1);
    expect(settled).toBeNull();
    expect(document.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.documentElement.style.overflow).toBe('auto');
  });

  it.each([['Enter'], [' ']])('closes when the close control gets %j', async (key) => {
    open();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close' }), { key });
    await advance(300);
    expect(settled).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on Esc, both the key and the dialog’s cancel event', async () => {
    open();
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    await advance(300);
    expect(settled).toBeNull();
    open();
    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      dialog().dispatchEvent(cancel);
    });
    // The native close is replaced by the animated one.
    expect(cancel.defaultPrevented).toBe(true);
    await advance(300);
    expect(settled).toBeNull();
  });

  it('centres content that fits and keeps 50px from the top when it is taller, 100 ms after resizing', async () => {
    const height = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(400);
    vi.stubGlobal('innerHeight', 800);
    open();
    const content = () => document.querySelector<HTMLElement>('.lightbox-content');
    expect(content()?.style.marginTop).toBe('200px');
    vi.stubGlobal('innerHeight', 300);
    fireEvent(window, new Event('resize'));
    await advance(50);
    fireEvent(window, new Event('resize'));
    await advance(99);
    expect(content()?.style.marginTop).toBe('200px');
    await advance(1);
    expect(content()?.style.marginTop).toBe('50px');
    height.mockRestore();
  });
});

describe('openExtraFieldsDialog: validation', () => {
  it("says 'Required' above each empty required field, skipping likert and sections, without calling the server", () => {
    open();
    submit();
    const errorOf = (id: string) =>
      dialog().querySelector(`[data-field-id="${id}"] > .field-error`)?.textContent;
    expect(errorOf('initials')).toBe('Required');
    expect(errorOf('who')).toBe('Required');
    expect(errorOf('size')).toBe('Required');
    expect(errorOf('thread')).toBe('Required');
    expect(errorOf('extras')).toBe('Required');
    expect(errorOf('rate')).toBeUndefined();
    expect(dialog().querySelectorAll('.field-error')).toHaveLength(5);
    expect(fetchMock).not.toHaveBeenCalled();
    // The first field to fix takes focus.
    expect(document.activeElement?.id).toBe('extra-field-initials');
  });

  it('asks the server, and shows its errors above the fields they name', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'One or more fields is invalid, please check your entries.',
          fields: { initials: 'You have exceeded the character limit.' },
        },
      }),
    );
    open();
    fillValidAnswers();
    submit();
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/rest/forms/validate/monogram-form');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['x-csrf-token']).toBe('crumb-123');
    expect(JSON.parse(init?.body as string)).toEqual({
      initials: 'ABC',
      who: ['Ada', ''],
      size: 'M',
      thread: 'Navy',
      extras: ['Box'],
      rate: {},
    });
    const field = dialog().querySelector('[data-field-id="initials"]');
    expect(field?.firstElementChild?.textContent).toBe('You have exceeded the character limit.');
    expect(settled).toBeUndefined();
  });

  it('resolves with the answers once the server accepts them, after the fade-out', async () => {
    fetchMock.mockResolvedValue(json(200, { valid: true }));
    open();
    fillValidAnswers();
    submit();
    await advance(0);
    expect(dialog().className).toBe('lightbox lightbox-closing');
    await advance(300);
    expect(settled).toEqual({
      initials: 'ABC',
      who: ['Ada', ''],
      size: 'M',
      thread: 'Navy',
      extras: ['Box'],
      rate: {},
    });
    expect(document.activeElement).toBe(opener);
  });

  it('shows a failure that names no field above the form', async () => {
    fetchMock.mockResolvedValue(json(429, {}));
    open();
    fillValidAnswers();
    submit();
    await advance(0);
    expect(within(dialog()).getByRole('alert').textContent).toBe(
      'Please try again in a few seconds.',
    );
    fetchMock.mockRejectedValue(new TypeError('offline'));
    submit();
    await advance(0);
    expect(within(dialog()).getByRole('alert').textContent).toBe(
      'Unknown error, please try again later.',
    );
  });
});
