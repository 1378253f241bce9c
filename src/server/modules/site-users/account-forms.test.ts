import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors.ts';
import { loginForm, refusedState, resetPasswordForm, safeReturnPath } from './account-forms.ts';

describe('safeReturnPath', () => {
  it.each([
    ['/shop', '/shop'],
    ['/shop/p/linen-shirt?variant=v1', '/shop/p/linen-shirt?variant=v1'],
    ['/a/../b', '/b'],
  ])('keeps a path on the site: %s', (given, expected) => {
    expect(safeReturnPath(given)).toBe(expected);
  });

  it.each([
    undefined,
    '',
    'shop',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
  ])('falls back to the account page for %s', (given) => {
    expect(safeReturnPath(given)).toBe('/account');
  });
});

describe('account forms', () => {
  it('send back what was typed, except passwords', () => {
    const form = loginForm({
      values: { email: 'sam@example.com', password: 'secret', rememberMe: 'on' },
    });
    const byName = Object.fromEntries(form.fields.map((field) => [field.name, field]));
    expect(byName.email?.value).toBe('sam@example.com');
    expect(byName.password).not.toHaveProperty('value');
    expect(byName.rememberMe?.checked).toBe(true);
  });

  it('turn a refusal into the form message and labelled field errors', () => {
    const state = refusedState(
      new AppError('VALIDATION_FAILED', { fields: { password: 'must be at least 8 characters' } }),
      { token: 'abc' },
    );
    const form = resetPasswordForm(state);
    expect(form.error).toBe('One or more fields is invalid, please check your entries.');
    expect(form.fields.find((field) => field.name === 'password')?.error).toBe(
      'New password must be at least 8 characters',
    );
    expect(form.fields.find((field) => field.name === 'token')?.value).toBe('abc');
  });

  it('mark hidden and checkbox fields for the template and require the others', () => {
    const flags = loginForm({}).fields.map(({ name, isHidden, isCheckbox, required }) => ({
      name,
      isHidden,
      isCheckbox,
      required,
    }));
    expect(flags).toEqual([
      { name: 'email', isHidden: false, isCheckbox: false, required: true },
      { name: 'password', isHidden: false, isCheckbox: false, required: true },
      { name: 'rememberMe', isHidden: false, isCheckbox: true, required: false },
      { name: 'returnTo', isHidden: true, isCheckbox: false, required: false },
    ]);
  });
});
