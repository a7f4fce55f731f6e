/**
 * The live score on the form screen (issue 43): the summary beside the quick links, a section's line in
 * its header, a quick link's failed count and the mark under a failed answer. Each reads the score
 * through `useScore`, which asks the form's memoised scorer (form-core scoring.ts) after a
 * change: the scorer compares only the values the score reads, so a keystroke in any other field
 * returns the same result object and re-renders none of these.
 */
import { memo, useCallback, useSyncExternalStore } from 'react';
import { Box, HStack, Text } from '@chakra-ui/react';
import { FailIcon, PassIcon } from 'ui-kit/icons';
import type { ScoreResult } from 'form-core/scoring';
import { useFormContext, useRuleState, useValue } from '../context';
import type { RendererProps } from '../types';
import { SCORE_TEXTS, failedLine, failedMarkText, pointsLine, sectionLine, verdictLine } from './score-texts';

const none = (): (() => void) => () => undefined;

/** The form's score now, or undefined for a form without scoring. */
export const useScore = (): ScoreResult | undefined => {
  const { store, scorer } = useFormContext();
  const subscribe = useCallback((l: () => void) => store.subscribeData(l), [store]);
  return useSyncExternalStore(scorer ? subscribe : none, () => scorer?.(store.getData()));
};

/** The summary: points, percent, pass/fail against the pass mark, failed items. */
export const ScoreSummaryElement = memo(function ScoreSummaryElement() {
  const score = useScore();
  if (!score) return null;
  const verdict = verdictLine(score);
  return (
    <HStack
      as="section"
      aria-label={SCORE_TEXTS.score}
      spacing={4}
      flexWrap="wrap"
      mb={3}
      px={3}
      py={2}
      borderWidth="1px"
      borderRadius="md"
      data-element="score-summary"
    >
      <Text fontWeight="semibold">{SCORE_TEXTS.score}</Text>
      <Text data-testid="score-points">{pointsLine(score)}</Text>
      {verdict ? (
        <HStack spacing={1} color={score.passed ? 'green.700' : 'red.700'} data-testid="score-verdict">
          {score.passed ? <PassIcon aria-hidden="true" /> : <FailIcon aria-hidden="true" />}
          <Text fontWeight="semibold">{verdict}</Text>
        </HStack>
      ) : null}
      <HStack spacing={1} color={score.failedCount > 0 ? 'red.700' : undefined} data-testid="score-failed">
        {score.failedCount > 0 ? <FailIcon aria-hidden="true" /> : null}
        <Text>{failedLine(score.failedCount)}</Text>
      </HStack>
    </HStack>
  );
});

/** A section's score in its header ('3 of 4 points (75%) · 1 failed item'). */
export const SectionScore = memo(function SectionScore({ sectionId }: { sectionId: string }) {
  const score = useScore();
  const section = score?.sections.find((s) => s.sectionId === sectionId);
  if (!section) return null;
  return (
    <Text as="span" fontSize="sm" fontWeight="normal" color="gray.700" me={2} data-testid="section-score">
      {sectionLine(section)}
    </Text>
  );
});

/** A quick link's failed count (nothing while none failed). */
export const QuickLinkFailed = memo(function QuickLinkFailed({ sectionId }: { sectionId: string }) {
  const failed = useScore()?.sections.find((s) => s.sectionId === sectionId)?.failedCount ?? 0;
  if (failed === 0) return null;
  return (
    <HStack as="span" spacing={1} fontSize="xs" color="red.700" data-testid="quicklink-failed">
      <FailIcon aria-hidden="true" boxSize="0.8em" />
      <Text as="span">{failedLine(failed)}</Text>
    </HStack>
  );
});

/** The mark under a failed answer: icon and text (never colour alone), shown while the answer fails. */
export const FailedMarkElement = memo(function FailedMarkElement(props: RendererProps) {
  const rule = useRuleState(props.uischema, props.path, props.path);
  const path = String(props.uischema.options?.path ?? '');
  const labels = (props.uischema.options?.labels ?? {}) as Record<string, string>;
  const answer = useValue(path);
  const label = labels[String(answer)];
  if (rule.hidden) return null;
  return (
    <Box mb={2} data-element="failed-mark" data-path={path}>
      <HStack spacing={1} color="red.700" fontWeight="semibold">
        <FailIcon aria-hidden="true" />
        <Text>{failedMarkText(label)}</Text>
      </HStack>
    </Box>
  );
});
