/** A page form whose validation the merchant turned off stores answers the rules would refuse. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/helpers/app.ts';
import {
  createFormTestApp,
  newVisitor,
  submissionKey,
  submitBody,
} from './testing/form-fixtures.ts';

const SAVE = '/api/form/SaveFormSubmission';
const relaxed = {
  id: 'relaxed',
  name: 'Relaxed',
  validationDisabled: true,
  fields: [
    { id: 'email', type: 'email', title: 'Email', required: true },
    { id: 'topic', type: 'select', title: 'Topic', options: ['Order', 'Other'] },
  ],
};

let harness: TestApp;
beforeAll(async () => {
  harness = await createFormTestApp({ forms: [relaxed] });
});
afterAll(() => harness.close());

describe('a form with validation disabled', () => {
  it('takes an empty required email and a malformed one', async () => {
    const visitor = await newVisitor(harness.app);
    for (const email of ['', 'not-an-address']) {
      const response = await visitor.inject({
        method: 'POST',
        url: SAVE,
        payload: submitBody(await submissionKey(visitor), { email }, { formId: 'relaxed' }),
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('still refuses a choice that is not among the options', async () => {
    const visitor = await newVisitor(harness.app);
    const response = await visitor.inject({
      method: 'POST',
      url: SAVE,
      payload: submitBody(
        await submissionKey(visitor),
        { email: '', topic: 'Nope' },
        { formId: 'relaxed' },
      ),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      topic: 'Nope is not one of the expected options',
    });
  });
});
