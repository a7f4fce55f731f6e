/**
 * The form's score settings (issue 43), opened from the header's "Scoring": whether the form is scored,
 * its pass mark, what a failing answer requires (a note, a photo), section weights, and per question
 * each option's points and failing flag (prefilled with the defaults: Color Code green full points,
 * yellow partial, red failing with 0, grey not applicable; Yes/No "No" failing). Edits stay local until
 * Save; the settings are the `scoring` block of the saved JSON (model/scoring-settings.ts).
 */
import { memo, useId, useMemo, useState, type FormEvent } from 'react';
import {
  Box,
  Checkbox,
  FormControl,
  FormErrorMessage,
  FormHelperText,
  FormLabel,
  Heading,
  HStack,
  Input,
  Modal,
  ModalBody,
  ModalCloseButton,
  ModalContent,
  ModalHeader,
  ModalOverlay,
  Radio,
  RadioGroup,
  Select,
  SimpleGrid,
  Text,
  VStack,
} from '@chakra-ui/react';
import { defineTexts, type CorrectiveActionSettings, type ScoringConfig } from 'shared-contracts';
import { CORRECTIVE_DEFAULTS, CORRECTIVE_LIMITS, CORRECTIVE_PRIORITIES } from 'form-core/corrective-actions';
import type { BuilderForm } from '../../model/types';
import {
  SCORING_LIMITS,
  correctiveActionsError,
  numberError,
  setCorrectiveActions,
  scoringQuestions,
  setOptionScoring,
  setQuestionScored,
  setSectionWeight,
} from '../../model/scoring-settings';
import { SaveCancelFooter } from '../SaveCancelFooter';
import { UserPicker, type UserChoice } from './UserPicker';
import { FIELD_EDITOR_TEXTS } from '../texts';

export const SCORING_TEXTS = defineTexts('scoring', {
  title: 'Scoring',
  enable: 'Score this form',
  passMark: 'Pass mark (%)',
  passMarkHelp: 'Empty: the score has no pass or fail.',
  requireNote: 'A failing answer requires a note',
  requirePhoto: 'A failing answer requires a photo',
  weights: 'Section weights',
  questions: 'Questions',
  noQuestions: 'No dropdown, Yes/No or checklist question on the form yet.',
  scored: 'Scored',
  fails: 'Fails',
  notApplicable: 'Not applicable',
  points: (option: string, question: string) => `Points for ${option} (${question})`,
  failsLabel: (option: string, question: string) => `${option} fails (${question})`,
  corrective: 'Corrective actions',
  proposeAction: 'A failed item proposes a corrective action',
  assignee: 'Default assignee',
  assigneeInspector: 'The inspector',
  assigneeRecordOwner: "The record's owner",
  assigneeUser: 'A chosen user',
  assigneeQueue: 'A queue',
  user: 'User',
  queue: 'Queue',
  dueDays: 'Due in (days after the submit)',
  priority: 'Priority',
} as const);

/** The label of each assignee choice. */
const ASSIGNEE_TEXT = {
  inspector: 'assigneeInspector',
  recordOwner: 'assigneeRecordOwner',
  user: 'assigneeUser',
  queue: 'assigneeQueue',
} as const;

const NEW_ACTIONS: CorrectiveActionSettings = {
  enabled: true,
  assignee: 'inspector',
  dueDays: CORRECTIVE_DEFAULTS.dueDays,
  priority: CORRECTIVE_DEFAULTS.priority,
};

export interface ScoringModalProps {
  form: BuilderForm;
  /** The settings as saved (undefined: the form is not scored). */
  value: ScoringConfig | undefined;
  /** The settings to keep (undefined: no score). */
  onSave: (config: ScoringConfig | undefined) => void;
  onClose: () => void;
  /** Users by name, for the corrective actions' chosen assignee. */
  searchUsers: (name: string) => Promise<UserChoice[]>;
  /** Queues (that take tasks) by name, for the corrective actions' assignee queue. */
  searchQueues: (name: string) => Promise<UserChoice[]>;
}

export const ScoringModal = memo(function ScoringModal({
  form,
  value,
  onSave,
  onClose,
  searchUsers,
  searchQueues,
}: ScoringModalProps) {
  const [enabled, setEnabled] = useState(value !== undefined);
  const [config, setConfig] = useState<ScoringConfig>(value ?? {});
  // What is typed in each number box, so a half-typed number stays as typed (key → text).
  const [texts, setTexts] = useState<Record<string, string>>({});
  const rows = useMemo(() => scoringQuestions(form, config), [form, config]);

  const errors = Object.entries(texts)
    .map(([key, text]) => [key, numberError(text, limitOf(key), key === 'passMark')] as const)
    .filter(([, e]) => e !== undefined);
  const errorOf = (key: string) => errors.find(([k]) => k === key)?.[1];
  const actions = config.correctiveActions;
  const userError = correctiveActionsError(actions);
  const invalid = enabled && (errors.length > 0 || userError !== undefined);
  const setActions = (patch: Partial<CorrectiveActionSettings>) =>
    setConfig((c) => setCorrectiveActions(c, c.correctiveActions && { ...c.correctiveActions, ...patch }));
  const ids = useId();

  const typed = (key: string, text: string, apply: (n: number | undefined) => void) => {
    setTexts((t) => ({ ...t, [key]: text }));
    if (numberError(text, limitOf(key), key === 'passMark') === undefined)
      apply(text.trim() === '' ? undefined : Number(text));
  };
  const textOf = (key: string, n: number | undefined) => texts[key] ?? (n === undefined ? '' : String(n));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (invalid) return;
    onSave(enabled ? config : undefined);
  };

  return (
    <Modal isOpen onClose={onClose} size="2xl" scrollBehavior="inside">
      <ModalOverlay />
      <ModalContent as="form" onSubmit={submit} noValidate aria-label={SCORING_TEXTS.title}>
        <ModalHeader>{SCORING_TEXTS.title}</ModalHeader>
        <ModalCloseButton aria-label={FIELD_EDITOR_TEXTS.close} />
        <ModalBody>
          <VStack align="stretch" spacing={4}>
            <Checkbox isChecked={enabled} onChange={(e) => setEnabled(e.target.checked)}>
              {SCORING_TEXTS.enable}
            </Checkbox>
            {enabled && (
              <>
                <FormControl isInvalid={!!errorOf('passMark')} maxW="16rem">
                  <FormLabel>{SCORING_TEXTS.passMark}</FormLabel>
                  <Input
                    type="number"
                    min={0}
                    max={100}
                    value={textOf('passMark', config.passMark)}
                    onChange={(e) =>
                      typed('passMark', e.target.value, (n) =>
                        setConfig(({ passMark: _old, ...c }) =>
                          n === undefined ? c : { ...c, passMark: n },
                        ),
                      )
                    }
                  />
                  <FormHelperText>{SCORING_TEXTS.passMarkHelp}</FormHelperText>
                  <FormErrorMessage>{errorOf('passMark')}</FormErrorMessage>
                </FormControl>
                <Checkbox
                  isChecked={config.failingRequires?.note === true}
                  onChange={(e) =>
                    setConfig((c) => ({
                      ...c,
                      failingRequires: { ...c.failingRequires, note: e.target.checked },
                    }))
                  }
                >
                  {SCORING_TEXTS.requireNote}
                </Checkbox>
                <Checkbox
                  isChecked={config.failingRequires?.photo === true}
                  onChange={(e) =>
                    setConfig((c) => ({
                      ...c,
                      failingRequires: { ...c.failingRequires, photo: e.target.checked },
                    }))
                  }
                >
                  {SCORING_TEXTS.requirePhoto}
                </Checkbox>
                <Box as="fieldset">
                  <Heading as="legend" size="sm" mb={2}>
                    {SCORING_TEXTS.corrective}
                  </Heading>
                  <Checkbox
                    isChecked={actions?.enabled === true}
                    onChange={(e) => {
                      const on = e.target.checked;
                      setTexts(({ dueDays: _typed, ...t }) => t);
                      setConfig((c) => setCorrectiveActions(c, on ? NEW_ACTIONS : undefined));
                    }}
                  >
                    {SCORING_TEXTS.proposeAction}
                  </Checkbox>
                  {actions?.enabled && (
                    <VStack align="stretch" spacing={3} mt={3} ps={6}>
                      <FormControl as="fieldset">
                        <FormLabel as="legend">{SCORING_TEXTS.assignee}</FormLabel>
                        <RadioGroup
                          value={actions.assignee}
                          onChange={(v) =>
                            setActions({ assignee: v as CorrectiveActionSettings['assignee'] })
                          }
                        >
                          <HStack spacing={4} flexWrap="wrap">
                            {(['inspector', 'recordOwner', 'user', 'queue'] as const).map((a) => (
                              <Radio key={a} value={a}>
                                {SCORING_TEXTS[ASSIGNEE_TEXT[a]]}
                              </Radio>
                            ))}
                          </HStack>
                        </RadioGroup>
                      </FormControl>
                      {actions.assignee === 'user' && (
                        <FormControl isInvalid={!!userError} maxW="24rem">
                          <FormLabel htmlFor={`${ids}-user`}>{SCORING_TEXTS.user}</FormLabel>
                          <UserPicker
                            id={`${ids}-user`}
                            value={
                              actions.userId
                                ? { id: actions.userId, name: actions.userName ?? '' }
                                : undefined
                            }
                            search={searchUsers}
                            onChange={(u) => setActions({ userId: u?.id, userName: u?.name })}
                          />
                          <FormErrorMessage>{userError}</FormErrorMessage>
                        </FormControl>
                      )}
                      {actions.assignee === 'queue' && (
                        <FormControl isInvalid={!!userError} maxW="24rem">
                          <FormLabel htmlFor={`${ids}-queue`}>{SCORING_TEXTS.queue}</FormLabel>
                          <UserPicker
                            id={`${ids}-queue`}
                            value={
                              actions.queueId
                                ? { id: actions.queueId, name: actions.queueName ?? '' }
                                : undefined
                            }
                            search={searchQueues}
                            onChange={(q) => setActions({ queueId: q?.id, queueName: q?.name })}
                          />
                          <FormErrorMessage>{userError}</FormErrorMessage>
                        </FormControl>
                      )}
                      <HStack align="start" spacing={4} flexWrap="wrap">
                        <FormControl isInvalid={!!errorOf('dueDays')} maxW="16rem">
                          <FormLabel>{SCORING_TEXTS.dueDays}</FormLabel>
                          <Input
                            type="number"
                            min={0}
                            max={CORRECTIVE_LIMITS.maxDueDays}
                            value={textOf('dueDays', actions.dueDays ?? CORRECTIVE_DEFAULTS.dueDays)}
                            onChange={(e) =>
                              typed('dueDays', e.target.value, (n) =>
                                setActions({ dueDays: Math.round(n ?? CORRECTIVE_DEFAULTS.dueDays) }),
                              )
                            }
                          />
                          <FormErrorMessage>{errorOf('dueDays')}</FormErrorMessage>
                        </FormControl>
                        <FormControl maxW="12rem">
                          <FormLabel>{SCORING_TEXTS.priority}</FormLabel>
                          <Select
                            value={actions.priority ?? CORRECTIVE_DEFAULTS.priority}
                            onChange={(e) =>
                              setActions({ priority: e.target.value as CorrectiveActionSettings['priority'] })
                            }
                          >
                            {CORRECTIVE_PRIORITIES.map((p) => (
                              <option key={p} value={p}>
                                {p}
                              </option>
                            ))}
                          </Select>
                        </FormControl>
                      </HStack>
                    </VStack>
                  )}
                </Box>
                <Box as="fieldset">
                  <Heading as="legend" size="sm" mb={2}>
                    {SCORING_TEXTS.weights}
                  </Heading>
                  <SimpleGrid columns={{ base: 1, md: 2 }} spacing={3}>
                    {form.sections.map((s) => {
                      const key = `weight:${s.sectionId}`;
                      return (
                        <FormControl key={s.sectionId} isInvalid={!!errorOf(key)}>
                          <FormLabel>{s.title}</FormLabel>
                          <Input
                            type="number"
                            min={0}
                            value={textOf(key, config.sections?.[s.sectionId]?.weight ?? 1)}
                            onChange={(e) =>
                              typed(key, e.target.value, (n) =>
                                setConfig((c) => setSectionWeight(c, s.sectionId, n ?? 1)),
                              )
                            }
                          />
                          <FormErrorMessage>{errorOf(key)}</FormErrorMessage>
                        </FormControl>
                      );
                    })}
                  </SimpleGrid>
                </Box>
                <Box as="fieldset">
                  <Heading as="legend" size="sm" mb={2}>
                    {SCORING_TEXTS.questions}
                  </Heading>
                  {rows.length === 0 && <Text color="gray.700">{SCORING_TEXTS.noQuestions}</Text>}
                  <VStack align="stretch" spacing={3}>
                    {rows.map((q) => (
                      <Box
                        key={q.path}
                        borderWidth="1px"
                        borderRadius="md"
                        p={3}
                        role="group"
                        aria-label={q.label}
                        data-scoring-question={q.path}
                      >
                        <HStack justify="space-between" align="start" mb={2}>
                          <Box>
                            <Text fontWeight="semibold">{q.label}</Text>
                            <Text fontSize="sm" color="gray.700">
                              {q.where}
                            </Text>
                          </Box>
                          <Checkbox
                            isChecked={q.scored}
                            onChange={(e) => setConfig((c) => setQuestionScored(c, q.path, e.target.checked))}
                          >
                            {SCORING_TEXTS.scored}
                          </Checkbox>
                        </HStack>
                        {q.scored && (
                          <VStack align="stretch" spacing={1}>
                            {q.options.map((o) => {
                              const key = `points:${q.path}|${o.value}`;
                              return (
                                <HStack key={o.value} spacing={3}>
                                  <Text flex="1">{o.label}</Text>
                                  {o.notApplicable ? (
                                    <Text fontSize="sm" color="gray.700">
                                      {SCORING_TEXTS.notApplicable}
                                    </Text>
                                  ) : (
                                    <FormControl isInvalid={!!errorOf(key)} w="8rem">
                                      <Input
                                        type="number"
                                        size="sm"
                                        min={0}
                                        aria-label={SCORING_TEXTS.points(o.label, q.label)}
                                        isDisabled={o.failing}
                                        value={o.failing ? '0' : textOf(key, o.points)}
                                        onChange={(e) =>
                                          typed(key, e.target.value, (n) =>
                                            setConfig((c) =>
                                              setOptionScoring(c, q.path, o.value, { points: n ?? 0 }),
                                            ),
                                          )
                                        }
                                      />
                                      <FormErrorMessage>{errorOf(key)}</FormErrorMessage>
                                    </FormControl>
                                  )}
                                  <Checkbox
                                    isChecked={o.failing}
                                    aria-label={SCORING_TEXTS.failsLabel(o.label, q.label)}
                                    onChange={(e) => {
                                      const failing = e.target.checked;
                                      setTexts(({ [key]: _typed, ...t }) => t);
                                      setConfig((c) =>
                                        setOptionScoring(c, q.path, o.value, {
                                          failing,
                                          ...(failing ? {} : { notApplicable: false }),
                                        }),
                                      );
                                    }}
                                  >
                                    {SCORING_TEXTS.fails}
                                  </Checkbox>
                                </HStack>
                              );
                            })}
                          </VStack>
                        )}
                      </Box>
                    ))}
                  </VStack>
                </Box>
              </>
            )}
          </VStack>
        </ModalBody>
        <SaveCancelFooter onCancel={onClose} invalid={invalid} />
      </ModalContent>
    </Modal>
  );
});

const limitOf = (key: string): number =>
  key === 'passMark'
    ? 100
    : key === 'dueDays'
      ? CORRECTIVE_LIMITS.maxDueDays
      : key.startsWith('weight:')
        ? SCORING_LIMITS.maxWeight
        : SCORING_LIMITS.maxPoints;
