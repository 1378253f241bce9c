// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearFormDrafts, draftKey, useFormDraft } from './form-draft.ts';

const SAVED = { title: 'Field Notebook', onSale: false };

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

const title = () => screen.getByLabelText<HTMLInputElement>('Title');
const key = draftKey('/config/products/field-notebook', 'details');

beforeEach(() => {
  window.history.replaceState(null, '', '/config/products/field-notebook');
  window.sessionStorage.clear();
});
afterEach(cleanup);

describe('useFormDraft', () => {
  it('starts from the saved values and keeps nothing until a field changes', () => {
    render(<Form />);
    expect(title().value).toBe('Field Notebook');
    expect(screen.queryByRole('note')).toBeNull();
    expect(window.sessionStorage.getItem(key)).toBeNull();
  });

  it('writes each change and gives it back to the form mounted again on the same page', () => {
    const first = render(<Form />);
    fireEvent.change(title(), { target: { value: 'Field Notebook, dotted' } });
    fireEvent.click(screen.getByLabelText('On sale'));
    expect(JSON.parse(window.sessionStorage.getItem(key) ?? '{}')).toEqual({
      title: 'Field Notebook, dotted',
      onSale: true,
    });
    first.unmount();

    render(<Form />);
    expect(title().value).toBe('Field Notebook, dotted');
    expect(screen.getByLabelText<HTMLInputElement>('On sale').checked).toBe(true);
    screen.getByRole('note');
  });

  it('keys the draft by page and by form', () => {
    const first = render(<Form />);
    fireEvent.change(title(), { target: { value: 'Edited here' } });
    first.unmount();

    const other = render(<Form form="seo" />);
    expect(title().value).toBe('Field Notebook');
    other.unmount();
    window.history.replaceState(null, '', '/config/products/linen-shirt');
    render(<Form />);
    expect(title().value).toBe('Field Notebook');
  });

  it('drops the draft on save, keeping the saved values on the page', () => {
    const first = render(<Form />);
    fireEvent.change(title(), { target: { value: 'Saved title' } });
    fireEvent.click(screen.getByRole('button', { name: 'Saved' }));
    expect(title().value).toBe('Saved title');
    expect(window.sessionStorage.getItem(key)).toBeNull();
    first.unmount();
    render(<Form />);
    expect(title().value).toBe('Field Notebook');
  });

  it('goes back to the saved values on discard', () => {
    const first = render(<Form />);
    fireEvent.change(title(), { target: { value: 'Not wanted' } });
    first.unmount();
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(title().value).toBe('Field Notebook');
    expect(screen.queryByRole('note')).toBeNull();
    expect(window.sessionStorage.getItem(key)).toBeNull();
  });

  it('ignores a stored draft that is not JSON, or gives a field the wrong type', () => {
    window.sessionStorage.setItem(key, '{not json');
    const first = render(<Form />);
    expect(title().value).toBe('Field Notebook');
    first.unmount();

    window.sessionStorage.setItem(key, JSON.stringify({ title: 42, onSale: 'yes', extra: 'x' }));
    render(<Form />);
    expect(title().value).toBe('Field Notebook');
    expect(screen.getByLabelText<HTMLInputElement>('On sale').checked).toBe(false);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('clears every draft of the tab on logout, and nothing else', () => {
    render(<Form />);
    fireEvent.change(title(), { target: { value: 'Edited' } });
    window.sessionStorage.setItem(draftKey('/config/settings', 'site'), '{}');
    window.sessionStorage.setItem('other', 'kept');
    act(() => clearFormDrafts());
    expect(window.sessionStorage.getItem(key)).toBeNull();
    expect(window.sessionStorage.getItem(draftKey('/config/settings', 'site'))).toBeNull();
    expect(window.sessionStorage.getItem('other')).toBe('kept');
  });
});
