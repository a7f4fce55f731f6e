import { memo, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { Box, Button, HStack, Image, Link, Progress, Text, VStack } from '@chakra-ui/react';
import { quickLinks } from 'form-core';
import type { GuideOption, QuickLinkItem } from 'shared-contracts';
import { useFormContext, useRuleState } from '../context';
import { matchingGuides } from '../core/options';
import type { RendererProps } from '../types';
import { RENDERER_TEXTS } from '../texts';
import { QuickLinkFailed, useScore } from '../score/ScoreElements';
import { failedLine } from '../score/score-texts';

const textOf = (props: RendererProps): string => {
  const l = props.uischema.label;
  return props.uischema.text ?? (typeof l === 'string' ? l : l && typeof l === 'object' ? l.text : '');
};

/** Label element; a formula hyperlink or image rule turns it into a link or an image. */
export const LabelElement = memo(function LabelElement(props: RendererProps) {
  const rule = useRuleState(props.uischema, props.path, props.path);
  if (rule.hidden) return null;
  return (
    <Box mb={3} data-element="label">
      {rule.hyperlink ? (
        <Link href={rule.hyperlink.href} isExternal color="blue.600">
          {rule.hyperlink.label}
        </Link>
      ) : (
        <Text>{textOf(props)}</Text>
      )}
      {rule.image ? <Image src={rule.image} alt={textOf(props)} maxH="12rem" /> : null}
    </Box>
  );
});

export const BlankElement = memo(function BlankElement() {
  return <Box minH="2.5rem" aria-hidden="true" data-element="blank" />;
});

const GuideImage = ({ guide }: { guide: GuideOption }) => {
  const { services } = useFormContext();
  const [src, setSrc] = useState<string | undefined>(services.getGuideImage ? undefined : guide.imageURL);
  useEffect(() => {
    let live = true;
    if (guide.imageURL && services.getGuideImage) {
      services
        .getGuideImage(guide.imageURL)
        .then((u) => live && setSrc(u))
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, [guide.imageURL, services]);
  return (
    <VStack align="stretch" spacing={1}>
      {src ? <Image src={src} alt={guide.text ?? 'Guide'} maxH="16rem" objectFit="contain" /> : null}
      {guide.text ? <Text fontSize="sm">{guide.text}</Text> : null}
    </VStack>
  );
};

/**
 * A string derived from the whole form data; re-renders only when it changes (for elements that
 * depend on any number of fields: guides on several fields, quick-link counts).
 */
const useDataKey = (derive: (data: unknown) => string): string => {
  const { store } = useFormContext();
  const subscribe = useCallback((l: () => void) => store.subscribeData(l), [store]);
  return useSyncExternalStore(subscribe, () => derive(store.getData()));
};

/** Guide image panel: the guide options whose eq/neq condition on a field holds (any number of fields). */
export const GuideElement = memo(function GuideElement(props: RendererProps) {
  const guides = (props.uischema.options?.guides ?? []) as GuideOption[];
  const shownKey = useDataKey((data) =>
    matchingGuides(guides, data)
      .map((g) => guides.indexOf(g))
      .join(','),
  );
  const shown = shownKey === '' ? [] : shownKey.split(',').map((i) => guides[Number(i)] as GuideOption);
  if (shown.length === 0) return null;
  return (
    <Box borderWidth="1px" borderRadius="md" p={3} mb={3} bg="gray.50" data-element="guide">
      {shown.map((g, i) => (
        <GuideImage key={i} guide={g} />
      ))}
    </Box>
  );
});

interface LinkSection {
  Id: string;
  Name: string;
  questions: string[];
}

/**
 * Quick links bar: Name with Done/Total per item; a click scrolls to the section with that Id. With
 * `options.sections` (a checklist's sections and their question ids) the counts follow the answers.
 */
export const QuickLinksElement = memo(function QuickLinksElement(props: RendererProps) {
  const sections = props.uischema.options?.sections as LinkSection[] | undefined;
  const fixed = (props.uischema.options?.links ?? []) as QuickLinkItem[];
  const doneKey = useDataKey((data) =>
    sections
      ? quickLinks(sections, data)
          .map((l) => l.Done)
          .join(',')
      : '',
  );
  const done = doneKey.split(',');
  const score = useScore();
  const failedIn = (id: string): string => {
    const n = score?.sections.find((s) => s.sectionId === id)?.failedCount ?? 0;
    return n > 0 ? `, ${failedLine(n)}` : '';
  };
  const links: QuickLinkItem[] = sections
    ? sections.map((s, i) => ({
        Id: s.Id,
        Name: s.Name,
        Total: s.questions.length,
        Done: Number(done[i] ?? 0),
      }))
    : fixed;
  return (
    <HStack
      spacing={2}
      overflowX="auto"
      mb={3}
      className="cq-no-print"
      data-element="quicklinks"
      as="nav"
      aria-label={RENDERER_TEXTS.quickLinks}
    >
      {links.map((l) => (
        <Button
          key={l.Id}
          size="sm"
          h="auto"
          py={1}
          variant="outline"
          data-quicklink={l.Id}
          aria-label={RENDERER_TEXTS.quickLink(l.Name, l.Done, l.Total, failedIn(l.Id))}
          onClick={() => {
            const target = document.getElementById(`section-${l.Id}`);
            target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            // Keyboard and screen-reader users land in the section too.
            target?.querySelector<HTMLElement>('button, [tabindex]')?.focus({ preventScroll: true });
          }}
        >
          <VStack spacing={0}>
            <Text fontSize="xs">{l.Name}</Text>
            <Text fontSize="xs" color="gray.600" data-testid="quicklink-count">
              {l.Done}/{l.Total}
            </Text>
            <Progress value={l.Total ? (100 * l.Done) / l.Total : 0} size="xs" w="4rem" aria-hidden="true" />
            <QuickLinkFailed sectionId={l.Id} />
          </VStack>
        </Button>
      ))}
    </HStack>
  );
});

/** Print button with logo, header and subheader (the print header shows only on paper). */
export const PrintElement = memo(function PrintElement(props: RendererProps) {
  const { services } = useFormContext();
  const o = props.uischema.options ?? {};
  return (
    <Box mb={3} data-element="print">
      <HStack className="cq-print-only" spacing={3}>
        {typeof o.logo === 'string' ? <Image src={o.logo} alt="Logo" maxH="3rem" /> : null}
        <Box>
          {o.header ? <Text fontWeight="bold">{String(o.header)}</Text> : null}
          {o.subheader ? <Text fontSize="sm">{String(o.subheader)}</Text> : null}
        </Box>
      </HStack>
      <Button
        size="sm"
        className="cq-no-print cq-white-button"
        onClick={() => (services.print ?? (() => window.print()))()}
      >
        {RENDERER_TEXTS.print}
      </Button>
    </Box>
  );
});
