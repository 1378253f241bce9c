// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OwnerSession } from './api/types.ts';
import { clearFormDrafts, draftKey, useFormDraft } from './form-draft.ts';
import { SessionContext } from './owner-session.ts';

const SAVED = { title: 'Field Notebook', onSale: false };

const sessionOf = (id: string): OwnerSession => ({
  xsrfToken: 'x'.repeat(43),
  owner: { id, email: `${id}@example.com`, role: 1, roleName: 'ADMIN', actions: [] },
});

function Form({ form = 'details', onClear }: { form?: string; onClear?: () => void }) {
  const draft = useFormDraft(form, SAVED);
  return (
    <form>
      {draft.restored ? <p role="note">Restored</p> : null}
      <label>
        Title
        <input value={draft.values.title} onChange={(e) => draft.set('title', e.target.value)} />
      </label>
      <label>
        On sale
        <input
          type="checkbox"
          checked={draft.values.onSale}
          onChange={(e) => draft.set('onSale', e.target.checked)}
        />
      </label>
      <button
        type="button"
        onClick={() => {
          draft.clear();
          onClear?.();
        }}
      >
        Saved
      </button>
      <button type="button" onClick={draft.discard}>
        Discard
      </button>
    </form>
  );
}

/** The form as the owner `owner` sees it (`null`: nobody logged in). */
function renderForm(props: Parameters<typeof Form>[0] = {}, owner: string | null = 'owner-1') {
  return render(
    <SessionContext value={owner === null ? null : sessionOf(owner)}>
      <Form {...props} />
    </SessionContext>,
  );
}

const title = () => screen.getByLabelText<HTMLInputElement>('Title');
const key = draftKey('owner-1', '/config/products/field-notebook', 'details');

beforeEach(() => {
  window.history.replaceState(null, '', '/config/products/field-notebook');
  window.sessionStorage.clear();
});
afterEach(cleanup);

describe('useFormDraft', () => {
  it('starts from the saved values and keeps nothing until a field changes', () => {
    renderForm();
    expect(title().value).toBe('Field Notebook');
    expect(screen.queryByRole('note')).toBeNull();
    expect(window.sessionStorage.getItem(key)).toBeNull();
  });

  it('writes each change and gives it back to the form mounted again on the same page', () => {
    const first = renderForm();
    fireEvent.change(title(), { target: { value: 'Field Notebook, dotted' } });
    fireEvent.click(screen.getByLabelText('On sale'));
    expect(JSON.parse(window.sessionStorage.getItem(key) ?? '{}')).toEqual({
      title: 'Field Notebook, dotted',
      onSale: true,
    });
    first.unmount();

    renderForm();
    expect(title().value).toBe('Field Notebook, dotted');
    expect(screen.getByLabelText<HTMLInputElement>('On sale').checked).toBe(true);
    screen.getByRole('note');
  });

  it('keys the draft by page and by form', () => {
    const first = renderForm();
    fireEvent.change(title(), { target: { value: 'Edited here' } });
    first.unmount();

    const other = renderForm({ form: 'seo' });
    expect(title().value).toBe('Field Notebook');
    other.unmount();
    window.history.replaceState(null, '', '/config/products/linen-shirt');
    renderForm();
    expect(title().value).toBe('Field Notebook');
  });

  it("never shows another owner's draft, and keeps nothing outside a login", () => {
    const first = renderForm();
    fireEvent.change(title(), { target: { value: 'Edited by owner 1' } });
    first.unmount();

    const other = renderForm({}, 'owner-2');
    expect(title().value).toBe('Field Notebook');
    expect(screen.queryByRole('note')).toBeNull();
    other.unmount();

    const anonymous = renderForm({}, null);
    expect(title().value).toBe('Field Notebook');
    fireEvent.change(title(), { target: { value: 'Typed logged out' } });
    anonymous.unmount();
    expect(JSON.parse(window.sessionStorage.getItem(key) ?? '{}')).toEqual({
      title: 'Edited by owner 1',
      onSale: false,
    });
    expect(window.sessionStorage.length).toBe(1);
  });

  it('drops the draft on save, keeping the saved values on the page', () => {
    const first = renderForm();
    fireEvent.change(title(), { target: { value: 'Saved title' } });
    fireEvent.click(screen.getByRole('button', { name: 'Saved' }));
    expect(title().value).toBe('Saved title');
    expect(window.sessionStorage.getItem(key)).toBeNull();
    first.unmount();
    renderForm();
    expect(title().value).toBe('Field Notebook');
  });

  it('goes back to the saved values on discard', () => {
    const first = renderForm();
    fireEvent.change(title(), { target: { value: 'Not wanted' } });
    first.unmount();
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(title().value).toBe('Field Notebook');
    expect(screen.queryByRole('note')).toBeNull();
    expect(window.sessionStorage.getItem(key)).toBeNull();
  });

  it('ignores a stored draft that is not JSON, or gives a field the wrong type', () => {
    window.sessionStorage.setItem(key, '{not json');
    const first = renderForm();
    expect(title().value).toBe('Field Notebook');
    first.unmount();

    window.sessionStorage.setItem(key, JSON.stringify({ title: 42, onSale: 'yes', extra: 'x' }));
    renderForm();
    expect(title().value).toBe('Field Notebook');
    expect(screen.getByLabelText<HTMLInputElement>('On sale').checked).toBe(false);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('clears every draft of the tab on logout, and nothing else', () => {
    renderForm();
    fireEvent.change(title(), { target: { value: 'Edited' } });
    window.sessionStorage.setItem(draftKey('owner-1', '/config/settings', 'site'), '{}');
    window.sessionStorage.setItem('other', 'kept');
    act(() => clearFormDrafts());
    expect(window.sessionStorage.getItem(key)).toBeNull();
    expect(
      window.sessionStorage.getItem(draftKey('owner-1', '/config/settings', 'site')),
    ).toBeNull();
    expect(window.sessionStorage.getItem('other')).toBe('kept');
  });
});
