import {
  Box,
  FormControl,
  FormHelperText,
  FormLabel,
  Heading,
  HStack,
  Input,
  Radio,
  RadioGroup,
  Select,
  SimpleGrid,
} from '@chakra-ui/react';
import { BaseClassSummary } from './BaseClassSummary';
import { ACTION_OVERRIDES, type ActionOverride, type Draft } from './logic';
import type { OrgLists } from './useOrgLists';
import { TEMPLATE_TEXTS as T } from './texts';

/** The action override's choices in the user's language (the values stay the org's words). */
const ACTION_LABELS: Record<ActionOverride, () => string> = {
  Create: () => T.actionCreate,
  Edit: () => T.actionEdit,
  None: () => T.none,
};

/** The component's options, chosen from the lists of the org it goes to (useOrgLists). */
export function OptionsSection({
  draft,
  lists,
  setOption,
  vfTerm,
  onVfTerm,
}: {
  draft: Draft;
  lists: OrgLists;
  setOption<K extends keyof Draft['options']>(key: K, value: Draft['options'][K]): void;
  /** The Visualforce page search (a launcher's option). */
  vfTerm: string;
  onVfTerm(term: string): void;
}) {
  const isLauncher = draft.template === 'cqLauncherTemplate';
  return (
    <Box as="fieldset" minW={0}>
      <Heading as="legend" size="md" mb={3}>
        {T.options}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} spacing={4}>
        <FormControl>
          <FormLabel>{T.object}</FormLabel>
          <Input value={draft.options.objectApiName} isReadOnly />
        </FormControl>
        <FormControl>
          <FormLabel>{T.layout}</FormLabel>
          <Select
            value={draft.options.layout ?? ''}
            onChange={(e) => setOption('layout', e.target.value || null)}
          >
            <option value="">{T.none}</option>
            {lists.layouts.map((l) => (
              <option key={l.id ?? l.name} value={l.name}>
                {l.name}
              </option>
            ))}
          </Select>
        </FormControl>
        {!isLauncher && (
          <FormControl as="fieldset">
            <FormLabel as="legend">{T.actionOverride}</FormLabel>
            <RadioGroup
              value={draft.options.actionOverride}
              onChange={(v) => setOption('actionOverride', v as ActionOverride)}
            >
              <HStack spacing={5}>
                {ACTION_OVERRIDES.map((a) => (
                  <Radio key={a} value={a}>
                    {ACTION_LABELS[a]()}
                  </Radio>
                ))}
              </HStack>
            </RadioGroup>
            <FormHelperText>{T.actionHelp}</FormHelperText>
          </FormControl>
        )}
        {!isLauncher && (
          <FormControl>
            <FormLabel>{T.afterSaveFlow}</FormLabel>
            <Select
              value={draft.options.afterSaveFlow ?? ''}
              onChange={(e) => setOption('afterSaveFlow', e.target.value || null)}
            >
              <option value="">{T.none}</option>
              {lists.flows.map((f) => (
                <option key={f.ApiName} value={f.ApiName}>
                  {f.Label}
                </option>
              ))}
            </Select>
          </FormControl>
        )}
        <FormControl>
          <FormLabel>{T.dynamicFilter}</FormLabel>
          <Select
            value={draft.options.dynamicFilterClass ?? ''}
            onChange={(e) => setOption('dynamicFilterClass', e.target.value || null)}
          >
            <option value="">{T.none}</option>
            {lists.filters.map((c) => (
              <option key={c.Id ?? c.Name} value={c.Name}>
                {c.Name}
              </option>
            ))}
          </Select>
        </FormControl>
        {isLauncher && (
          <FormControl>
            <FormLabel>{T.visualforcePage}</FormLabel>
            <Input
              mb={2}
              placeholder={T.vfSearch}
              aria-label={T.vfSearch}
              value={vfTerm}
              onChange={(e) => onVfTerm(e.target.value)}
            />
            <Select
              aria-label={T.visualforcePage}
              value={draft.options.visualforcePage ?? ''}
              onChange={(e) => setOption('visualforcePage', e.target.value || null)}
            >
              <option value="">{T.none}</option>
              {lists.vf.map((p) => (
                <option key={p.Id ?? p.Name} value={p.Name}>
                  {p.MasterLabel ? `${p.MasterLabel} (${p.Name})` : p.Name}
                </option>
              ))}
            </Select>
          </FormControl>
        )}
        {!isLauncher && (
          <FormControl>
            <FormLabel>{T.headerComponent}</FormLabel>
            <Select
              value={draft.options.headerComponent ?? ''}
              onChange={(e) => setOption('headerComponent', e.target.value || null)}
            >
              <option value="">{T.none}</option>
              {lists.lwc
                .filter((c) => c.DeveloperName && c.DeveloperName !== draft.developerName)
                .map((c) => (
                  <option key={c.Id ?? c.DeveloperName} value={c.DeveloperName}>
                    {c.MasterLabel ? `${c.MasterLabel} (${c.DeveloperName})` : c.DeveloperName}
                  </option>
                ))}
            </Select>
          </FormControl>
        )}
      </SimpleGrid>
      {lists.baseClass && <BaseClassSummary info={lists.baseClass} />}
    </Box>
  );
}
