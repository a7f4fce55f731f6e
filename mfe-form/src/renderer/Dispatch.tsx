import { memo, useMemo } from 'react';
import type { FormJsonSchema, UISchemaElement } from 'shared-contracts';
import { Box, Image, Link } from '@chakra-ui/react';
import { useFormContext, useRuleState } from './context';
import { joinPath, scopeToPath } from 'form-core/paths';
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
  const rendered = <Renderer uischema={uischema} schema={schema} path={path} enabled={enabled} />;
  return hasFormulaRules(uischema) ? (
    <>
      {rendered}
      <FormulaExtras uischema={uischema} path={path} />
    </>
  ) : (
    rendered
  );
});

/** Label elements draw their own link and image (the link replaces the label's text). */
const LABEL_TYPES = new Set(['label', 'Label']);

/** Only elements that carry a formula hyperlink or image rule pay for the extra subscription. */
const hasFormulaRules = (el: UISchemaElement): boolean =>
  !LABEL_TYPES.has(el.type) &&
  (el.rules ?? []).some((r) => r.type === 'formula hyperlink' || r.type === 'image');

/**
 * The link and image of an element's `formula hyperlink` / `image` rules, under any element type
 * (controls, tables, lists, layouts): the builder lets every element carry them. Shares the element's
 * rule entry (same data path), so nothing is evaluated twice; nothing shows while the element is hidden.
 */
const FormulaExtras = ({ uischema, path }: { uischema: UISchemaElement; path: string }) => {
  const dataPath = uischema.scope ? joinPath(path, scopeToPath(uischema.scope)) : path;
  const rule = useRuleState(uischema, dataPath, path);
  if (rule.hidden || (!rule.hyperlink && !rule.image)) return null;
  return (
    <Box mb={3} mt={-1} data-element="formula" data-for={dataPath || undefined}>
      {rule.hyperlink ? (
        <Link href={rule.hyperlink.href} isExternal color="blue.600" display="block">
          {rule.hyperlink.label}
        </Link>
      ) : null}
      {rule.image ? <Image src={rule.image} alt="" maxH="12rem" /> : null}
    </Box>
  );
};
