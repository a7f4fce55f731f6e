import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { onlyMessages, submitWith } from './formik-helpers';

describe('onlyMessages', () => {
  it('keeps the messages and drops the fields without one', () => {
    expect(onlyMessages({ label: 'Label is required', apiName: undefined, pattern: '' })).toEqual({
      label: 'Label is required',
    });
    expect(Object.keys(onlyMessages({ a: undefined }))).toEqual([]);
  });
});

describe('submitWith', () => {
  it("stops the page's submit and submits through Formik", () => {
    const submitForm = vi.fn(() => Promise.resolve());
    const preventDefault = vi.fn();
    submitWith({ submitForm })({ preventDefault } as unknown as FormEvent<HTMLElement>);
    expect(preventDefault).toHaveBeenCalledTimes(1);
    expect(submitForm).toHaveBeenCalledTimes(1);
  });
});
