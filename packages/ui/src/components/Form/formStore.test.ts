import { describe, expect, it } from 'vitest';
import { createFormStore, type FieldEntry } from './formStore';

const emailField = (): FieldEntry => ({
  name: 'email',
  inputId: 'email-input',
  label: 'Email address',
  normalize: false,
  check: (value) =>
    value === '' ? 'Required.' : value.includes('@') ? undefined : 'Enter an email address.',
  normalised: () => undefined,
});

const summaryText = (store: ReturnType<typeof createFormStore>) =>
  store.summary().summary.map(({ message }) => message);

describe('the error summary and the field message (defect 5)', () => {
  it('agree after the field is changed to a value with another error', () => {
    const store = createFormStore();
    store.register(emailField(), '');
    expect(store.submit({ email: '' })).toBeNull();
    expect(summaryText(store)).toEqual(['Required.']);

    store.change('email', 'no-at-sign');
    store.blur('email');
    expect(store.errorOf('email')).toBe('Enter an email address.');
    expect(summaryText(store)).toEqual([store.errorOf('email')]);
  });

  it('agree after a server error on the field is replaced by the field’s own', () => {
    const store = createFormStore();
    store.register(emailField(), 'a@example.com');
    store.setServerErrors({ email: 'No account was found for this email address.' });
    expect(summaryText(store)).toEqual(['No account was found for this email address.']);

    store.change('email', 'typo');
    store.blur('email');
    expect(summaryText(store)).toEqual(['Enter an email address.']);
  });

  it('keep a corrected field in the summary until the next submit, so nothing moves under the pointer', () => {
    const store = createFormStore();
    store.register(emailField(), '');
    store.submit({ email: '' });
    store.change('email', 'a@example.com');
    store.blur('email');
    expect(store.errorOf('email')).toBeUndefined();
    expect(summaryText(store)).toEqual(['Required.']);
    expect(store.submit({ email: 'a@example.com' })).toEqual({ email: 'a@example.com' });
  });
});
