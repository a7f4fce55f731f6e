import { Badge, Box, HStack, Text } from '@chakra-ui/react';
import { defineTexts, type BaseClassInfo } from 'shared-contracts';

export const BASE_CLASS_TEXTS = defineTexts('baseClass', {
  title: 'Base class',
  inOrg: 'In the org',
  deployed: 'Deployed with the component',
  explainInOrg:
    'Every published component builds on this shared component. It is already in the org, so publishing leaves it as it is.',
  explainDeployed:
    'Every published component builds on this shared component. It is not in the org yet, so it is deployed together with your component.',
  description: 'Description',
  apiVersion: 'API version',
  orgVersion: (v: string) => `${v} in the org`,
} as const);

const T = BASE_CLASS_TEXTS;

/** The org's answer as a string, or null (the BFF answers plain strings; anything else is not shown). */
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * The base class every generated component extends, as an admin needs it: its name, whether the org
 * has it (or publishing deploys it), what it is and its API version. Not the raw JSON of the answer.
 */
export function BaseClassSummary({ info }: { info: BaseClassInfo }) {
  const orgVersion = text(info.orgApiVersion);
  const version =
    info.inOrg && orgVersion && orgVersion !== info.apiVersion
      ? `${info.apiVersion} (${T.orgVersion(orgVersion)})`
      : info.apiVersion;
  return (
    <Box mt={4} p={3} borderWidth="1px" borderRadius="md" data-testid="base-class">
      <HStack mb={2} spacing={3} flexWrap="wrap">
        <Text fontWeight="semibold">{T.title}</Text>
        <Text>{info.name}</Text>
        <Badge colorScheme={info.inOrg ? 'green' : 'purple'}>{info.inOrg ? T.inOrg : T.deployed}</Badge>
      </HStack>
      <Text fontSize="sm" color="gray.700" mb={2}>
        {info.inOrg ? T.explainInOrg : T.explainDeployed}
      </Text>
      <Box
        as="dl"
        display="grid"
        gridTemplateColumns="max-content 1fr"
        columnGap={4}
        rowGap={1}
        fontSize="sm"
      >
        {text(info.description) && (
          <>
            <Box as="dt" color="gray.600">
              {T.description}
            </Box>
            <Box as="dd">{info.description}</Box>
          </>
        )}
        <Box as="dt" color="gray.600">
          {T.apiVersion}
        </Box>
        <Box as="dd">{version}</Box>
      </Box>
    </Box>
  );
}
