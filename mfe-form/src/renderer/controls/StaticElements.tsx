import { memo, useEffect, useState } from 'react';
import { Box, Button, HStack, Image, Link, Progress, Text, VStack } from '@chakra-ui/react';
import type { GuideOption, QuickLinkItem } from 'shared-contracts';
import { useFormContext, useRuleState, useValue } from '../context';
import { matchingGuides } from '../core/options';
import type { RendererProps } from '../types';
import { RENDERER_TEXTS } from '../texts';

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

/** Guide image panel: the guide options whose eq/neq condition on a field holds. */
export const GuideElement = memo(function GuideElement(props: RendererProps) {
  const guides = (props.uischema.options?.guides ?? []) as GuideOption[];
  const fields = [...new Set(guides.map((g) => g.field))];
  // Subscribe to the guide fields only (the first few; a panel rarely depends on more than one).
  const v0 = useValue(fields[0] ?? '__none__');
  const v1 = useValue(fields[1] ?? '__none__');
  const { store } = useFormContext();
  void v0;
  void v1;
  const shown = matchingGuides(guides, store.getData());
  if (shown.length === 0) return null;
  return (
    <Box borderWidth="1px" borderRadius="md" p={3} mb={3} bg="gray.50" data-element="guide">
      {shown.map((g, i) => (
        <GuideImage key={i} guide={g} />
      ))}
    </Box>
  );
});

/** Quick links bar: Name with Done/Total per item; a click scrolls to the section with that Id. */
export const QuickLinksElement = memo(function QuickLinksElement(props: RendererProps) {
  const links = (props.uischema.options?.links ?? []) as QuickLinkItem[];
  return (
    <HStack
      spacing={2}
      overflowX="auto"
      mb={3}
      className="cq-no-print"
      data-element="quicklinks"
      as="nav"
      aria-label="Quick links"
    >
      {links.map((l) => (
        <Button
          key={l.Id}
          size="sm"
          variant="outline"
          onClick={() => document.getElementById(`section-${l.Id}`)?.scrollIntoView({ behavior: 'smooth' })}
        >
          <VStack spacing={0}>
            <Text fontSize="xs">{l.Name}</Text>
            <Text fontSize="xs" color="gray.600">
              {l.Done}/{l.Total}
            </Text>
            <Progress value={l.Total ? (100 * l.Done) / l.Total : 0} size="xs" w="4rem" />
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
