import { createRef } from 'react';
import { afterEach } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import type { FormJsonSchema, UISchemaElement } from 'shared-contracts';
import { FormRenderer, type FormRendererHandle, type FormRendererProps } from '../FormRenderer';
import type { FieldError } from '../core/store';

afterEach(() => cleanup());

export const renderForm = (
  schema: FormJsonSchema,
  uischema?: UISchemaElement,
  data?: unknown,
  extra: Partial<FormRendererProps> = {},
) => {
  const ref = createRef<FormRendererHandle>();
  const changes: Array<{ data: unknown; errors: FieldError[] }> = [];
  const utils = render(
    <FormRenderer
      ref={ref}
      schema={schema}
      uischema={uischema}
      data={data}
      onChange={(d, e) => changes.push({ data: d, errors: e })}
      validationTiming="sync"
      {...extra}
    />,
  );
  const last = () => changes[changes.length - 1];
  return { ...utils, ref, changes, last, data: () => ref.current?.getData() };
};
