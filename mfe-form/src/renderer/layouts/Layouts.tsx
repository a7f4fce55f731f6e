import { memo, useContext, useState } from 'react';
import {
  Accordion,
  AccordionButton,
  AccordionIcon,
  AccordionItem,
  AccordionPanel,
  Badge,
  Box,
  Flex,
  Heading,
  Select,
  SimpleGrid,
  Tab,
  TabList,
  TabPanel,
  TabPanels,
  Tabs,
} from '@chakra-ui/react';
import { HORIZONTAL_LAYOUT_DEFAULT_COLUMNS } from 'shared-contracts';
import type { LayoutElement, UISchemaElement } from 'shared-contracts';
import { Dispatch } from '../Dispatch';
import {
  InChunkContext,
  PrintModeContext,
  useFormContext,
  useIsMobile,
  useReveal,
  useRuleState,
} from '../context';
import { containsPath } from '../core/firstError';
import { useCategoryCounts } from './categoryCounts';
import { chunkIntrinsicSize, chunkRanges } from './chunks';
import { RENDERER_TEXTS } from '../texts';
import type { RendererProps } from '../types';
import { SectionScore } from '../score/ScoreElements';

const childrenOf = (el: UISchemaElement): UISchemaElement[] => (el as LayoutElement).elements ?? [];
/** Option `columns` of a horizontal or flex layout; the default when absent or not a positive number. */
const columnsOption = (el: UISchemaElement): number =>
  Number(el.options?.columns ?? HORIZONTAL_LAYOUT_DEFAULT_COLUMNS) || HORIZONTAL_LAYOUT_DEFAULT_COLUMNS;
const labelText = (el: UISchemaElement): string | undefined =>
  typeof el.label === 'string'
    ? el.label
    : el.label && typeof el.label === 'object'
      ? el.label.text
      : undefined;

/** Layout rule state: hidden layouts render nothing, read-only ones disable their children. */
const useLayout = ({ uischema, path, enabled }: RendererProps) => {
  const rule = useRuleState(uischema, path, path);
  return { hidden: rule.hidden, enabled: enabled && !rule.readonly && uischema.options?.readOnly !== true };
};

/**
 * The children of a layout. A long column (`chunked`, more than CHUNK_MIN elements) is wrapped in
 * blocks the browser skips while off screen (see chunks.ts); the fields inside then leave that to
 * their block (InChunkContext) instead of each being skippable on its own.
 */
const Children = ({
  elements,
  props,
  enabled,
  chunked = false,
}: {
  elements: UISchemaElement[];
  props: RendererProps;
  enabled: boolean;
  chunked?: boolean;
}) => {
  const dispatch = (child: UISchemaElement, i: number) => (
    <Dispatch key={i} uischema={child} schema={props.schema} path={props.path} enabled={enabled} />
  );
  const printing = useContext(PrintModeContext);
  const chunks = chunked && !printing ? chunkRanges(elements.length) : [];
  if (chunks.length === 0) return <>{elements.map(dispatch)}</>;
  return (
    <InChunkContext.Provider value={true}>
      {chunks.map((c) => (
        <div key={c.start} className="cq-chunk" style={{ containIntrinsicSize: chunkIntrinsicSize(c) }}>
          {elements.slice(c.start, c.end).map((child, i) => dispatch(child, c.start + i))}
        </div>
      ))}
    </InChunkContext.Provider>
  );
};

export const VerticalLayout = memo(function VerticalLayout(props: RendererProps) {
  const { hidden, enabled } = useLayout(props);
  if (hidden) return null;
  return (
    // A plain column (FIELD_CSS .cq-vstack), as Chakra's Stack spacing={0} drew it: a Chakra element
    // serialized its style through Emotion at every form's mount, before the first paint (issue 31).
    <div className="cq-vstack" data-layout="vertical">
      <Children elements={childrenOf(props.uischema)} props={props} enabled={enabled} chunked />
    </div>
  );
});

/** Horizontal layout: option `columns` items per row (default 2); stacked on mobile. */
export const HorizontalLayout = memo(function HorizontalLayout(props: RendererProps) {
  const { hidden, enabled } = useLayout(props);
  if (hidden) return null;
  const columns = columnsOption(props.uischema);
  return (
    <SimpleGrid
      columns={{ base: 1, md: columns }}
      spacingX={4}
      data-layout="horizontal"
      data-columns={columns}
    >
      <Children elements={childrenOf(props.uischema)} props={props} enabled={enabled} />
    </SimpleGrid>
  );
});

export const GroupLayout = memo(function GroupLayout(props: RendererProps) {
  const { hidden, enabled } = useLayout(props);
  if (hidden) return null;
  const label = labelText(props.uischema);
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="md" p={3} mb={3} role="group" aria-label={label}>
      {label ? (
        <Heading as="legend" size="sm" px={1}>
          {label}
        </Heading>
      ) : null}
      <Children elements={childrenOf(props.uischema)} props={props} enabled={enabled} chunked />
    </Box>
  );
});

/** Flex columns (CQFlexLayout): option `columns` (default 2), wrapping. */
export const FlexLayout = memo(function FlexLayout(props: RendererProps) {
  const { hidden, enabled } = useLayout(props);
  if (hidden) return null;
  const columns = columnsOption(props.uischema);
  return (
    <Flex wrap="wrap" gap={4} data-layout="flex">
      {childrenOf(props.uischema).map((child, i) => (
        <Box key={i} flex={`1 1 calc(${100 / columns}% - 1rem)`} minW={{ base: '100%', md: '12rem' }}>
          <Dispatch uischema={child} schema={props.schema} path={props.path} enabled={enabled} />
        </Box>
      ))}
    </Flex>
  );
});

/**
 * Accordion section, open/close per section. In CQEditFormSF canvas mode the header is hidden and the
 * content always shown. The panel's children mount only while it is open.
 */
export const SectionLayout = memo(function SectionLayout(props: RendererProps) {
  const { modes } = useFormContext();
  const { hidden, enabled } = useLayout(props);
  const el = props.uischema as LayoutElement;
  const [userOpen, setOpen] = useState(el.options?.collapsed !== true);
  useReveal(el, props.path, () => setOpen(true));
  const printing = useContext(PrintModeContext);
  const open = userOpen || printing;
  if (hidden) return null;
  const label = labelText(el) ?? el.sectionId ?? '';
  const sectionDomId = el.sectionId ? `section-${el.sectionId}` : undefined;
  if (modes.editForm) {
    return (
      <Box id={sectionDomId} mb={3} data-layout="section">
        <Children elements={childrenOf(el)} props={props} enabled={enabled} chunked />
      </Box>
    );
  }
  return (
    <Accordion
      allowToggle
      // No height animation: Chakra renders an item closed until it has registered, so an animated
      // panel that starts open first mounts collapsed and then grows, a moment after the form is on
      // screen (and a print taken then shows headers without fields). Instant is also cheaper per section.
      reduceMotion
      index={open ? 0 : -1}
      onChange={(i) => setOpen(i === 0)}
      mb={3}
      id={sectionDomId}
      data-layout="section"
    >
      <AccordionItem borderWidth="1px" borderRadius="md">
        <h2>
          <AccordionButton>
            <Box flex="1" textAlign="start" fontWeight="semibold">
              {label}
            </Box>
            {el.sectionId ? <SectionScore sectionId={el.sectionId} /> : null}
            <AccordionIcon />
          </AccordionButton>
        </h2>
        <AccordionPanel>
          {open ? <Children elements={childrenOf(el)} props={props} enabled={enabled} chunked /> : null}
        </AccordionPanel>
      </AccordionItem>
    </Accordion>
  );
});

/**
 * Categorization: tabs with item counts (list items, else fields: useCategoryCounts); a dropdown on
 * mobile. Only the chosen category is mounted.
 */
export const CategorizationLayout = memo(function CategorizationLayout(props: RendererProps) {
  const { hidden, enabled } = useLayout(props);
  const mobile = useIsMobile();
  const [index, setIndex] = useState(0);
  useReveal(props.uischema, props.path, (path) => {
    const i = childrenOf(props.uischema).findIndex((c) => containsPath(c, props.path, path));
    if (i >= 0) setIndex(i);
  });
  const counts = useCategoryCounts(childrenOf(props.uischema), props.path);
  const printing = useContext(PrintModeContext);
  if (hidden) return null;
  const categories = childrenOf(props.uischema);
  if (printing) {
    return (
      <Box data-layout="categorization-print">
        {categories.map((c, i) => (
          <Box key={i} mb={4}>
            <Heading as="h3" size="sm" mb={2}>
              {labelText(c) ?? `Category ${i + 1}`}
            </Heading>
            <Dispatch uischema={c} schema={props.schema} path={props.path} enabled={enabled} />
          </Box>
        ))}
      </Box>
    );
  }
  const titles = categories.map((c, i) => `${labelText(c) ?? `Category ${i + 1}`} (${counts[i] ?? 0})`);
  const current = categories[index];
  const content = current ? (
    <Dispatch uischema={current} schema={props.schema} path={props.path} enabled={enabled} />
  ) : null;
  if (mobile) {
    return (
      <Box data-layout="categorization-mobile">
        <Select
          size="sm"
          aria-label={RENDERER_TEXTS.category}
          value={index}
          onChange={(e) => setIndex(Number(e.target.value))}
          mb={3}
        >
          {titles.map((t, i) => (
            <option key={i} value={i}>
              {t}
            </option>
          ))}
        </Select>
        {content}
      </Box>
    );
  }
  return (
    <Tabs index={index} onChange={setIndex} isLazy variant="enclosed" data-layout="categorization">
      <TabList flexWrap="wrap">
        {categories.map((c, i) => (
          <Tab key={i}>
            {labelText(c) ?? `Category ${i + 1}`}
            <Badge ms={2} borderRadius="full">
              {counts[i] ?? 0}
            </Badge>
          </Tab>
        ))}
      </TabList>
      <TabPanels>
        {categories.map((_, i) => (
          <TabPanel key={i} px={0}>
            {i === index ? content : null}
          </TabPanel>
        ))}
      </TabPanels>
    </Tabs>
  );
});

/** A Category outside a Categorization renders as a vertical layout. */
export const CategoryLayout = VerticalLayout;
