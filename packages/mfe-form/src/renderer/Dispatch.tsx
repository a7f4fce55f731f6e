import { memo, useMemo } from 'react';
import type { FormJsonSchema, UISchemaElement } from 'shared-contracts';
import { Box } from '@chakra-ui/react';
import { useFormContext } from './context';
import { pickRenderer } from './registry';

export interface DispatchProps {
  uischema: UISchemaElement;
  schema: FormJsonSchema;
  path: string;
  enabled: boolean;
}

/** Picks the renderer for an element (once per element) and renders it. Memoised: stable props, no re-render. */
export const Dispatch = memo(function Dispatch({ uischema, schema, path, enabled }: DispatchProps) {
  const { registry, rootSchema } = useFormContext();
  const entry = useMemo(
    () => pickRenderer(registry, uischema, schema, { rootSchema }),
    [registry, uischema, schema, rootSchema],
  );
  if (!entry) {
    return (
      <Box role="alert" color="red.600" fontSize="sm" data-testid="unknown-element">
        No renderer for {uischema.type}
      </Box>
    );
  }
  const Renderer = entry.renderer;
  return <Renderer uischema={uischema} schema={schema} path={path} enabled={enabled} />;
});
