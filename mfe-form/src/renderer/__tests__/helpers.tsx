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

/** A checklist question record as the org sends it, with Color Code options `colours` (value|label|colour lines). */
export const colourQuestion =
  (colours: string) =>
  (id: string, section: string, order: number, type: string, extra: Record<string, unknown> = {}) => ({
    Id: id,
    cqext__Question__c: `Question ${id}?`,
    cqext__Question_Type__c: type,
    cqext__Result_Type__c: 'Color Code',
    cqext__Options__c: colours,
    cqext__Section__c: section,
    cqext__Order__c: order,
    ...extra,
  });
