// The editors' glue to Formik: its errors object and a submit handler for Chakra's `as="form"` parts.
import type { FormEvent } from 'react';

export type Messages = Record<string, string | undefined>;

/**
 * The messages of `errors` without the empty entries. The pure validators answer `string | undefined`
 * per field, and Formik counts every key of its errors object (an undefined value included) as an
 * error (`isValid` is "no keys").
 */
export function onlyMessages<T extends Messages>(errors: T): Partial<Record<keyof T, string>> {
  const out: Partial<Record<keyof T, string>> = {};
  for (const key of Object.keys(errors) as (keyof T)[]) {
    const message = errors[key];
    if (message) out[key] = message;
  }
  return out;
}

/**
 * A submit handler for any element rendered as a form (`<ModalContent as="form">` types its events
 * as HTMLElement's, which Formik's `handleSubmit` does not take): no page submit, Formik's submit,
 * which validates first and calls onSubmit only when there is no error.
 */
export const submitWith =
  (formik: { submitForm: () => Promise<unknown> }) =>
  (e: FormEvent<HTMLElement>): void => {
    e.preventDefault();
    void formik.submitForm();
  };
