import { useDeferredValue, useMemo, useRef, useState } from 'react';
import {
  Alert,
  AlertIcon,
  Box,
  Button,
  ChakraBaseProvider,
  Code,
  Grid,
  GridItem,
  Heading,
  HStack,
  ListItem,
  Select,
  Text,
  Textarea,
  UnorderedList,
} from '@chakra-ui/react';
import type { FormJsonSchema, UISchemaElement } from 'shared-contracts';
import { FormRenderer, type FieldError, type FormRendererHandle } from '../renderer';
import { formTheme } from '../theme';
import { genealogySampleData, genealogySchema, genealogyUISchema } from '../genealogy/genealogy';
import { PLAYGROUND_EXAMPLES } from './examples';

type Parsed<T> = { value?: T; error?: string };
const parse = <T,>(text: string, optional = false): Parsed<T> => {
  if (optional && text.trim() === '') return {};
  try {
    return { value: JSON.parse(text) as T };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
};
const pretty = (v: unknown): string => JSON.stringify(v ?? {}, null, 2);

const EXAMPLES = [
  ...PLAYGROUND_EXAMPLES,
  {
    name: 'Genealogy (GEDCOM X)',
    schema: genealogySchema,
    uischema: genealogyUISchema as UISchemaElement,
    data: genealogySampleData,
  },
];

/**
 * The renderer playground (served at /playground on the mfe-form origin): paste a schema, a ui schema
 * and data as JSON; see the live form, the live data and the errors.
 */
export default function Playground() {
  const first = EXAMPLES[0] as (typeof EXAMPLES)[number];
  const [schemaText, setSchemaText] = useState(pretty(first.schema));
  const [uiText, setUiText] = useState(pretty(first.uischema));
  const [dataText, setDataText] = useState(pretty(first.data));
  const [applied, setApplied] = useState({ schemaText, uiText, dataText, n: 0 });
  const [live, setLive] = useState<{ data: unknown; errors: FieldError[] }>({ data: first.data, errors: [] });
  const [saveResult, setSaveResult] = useState<
    { alert?: string; messages: string[]; ok: boolean } | undefined
  >();
  const ref = useRef<FormRendererHandle>(null);

  const schema = useMemo(() => parse<FormJsonSchema>(applied.schemaText), [applied.schemaText]);
  const ui = useMemo(() => parse<UISchemaElement>(applied.uiText, true), [applied.uiText]);
  const data = useMemo(() => parse<unknown>(applied.dataText, true), [applied.dataText]);
  const deferred = useDeferredValue(live);
  const parseError = schema.error ?? ui.error ?? data.error;

  const load = (name: string): void => {
    const ex = EXAMPLES.find((e) => e.name === name);
    if (!ex) return;
    const next = { schemaText: pretty(ex.schema), uiText: pretty(ex.uischema), dataText: pretty(ex.data) };
    setSchemaText(next.schemaText);
    setUiText(next.uiText);
    setDataText(next.dataText);
    setApplied((a) => ({ ...next, n: a.n + 1 }));
    setLive({ data: ex.data, errors: [] });
    setSaveResult(undefined);
  };

  return (
    <ChakraBaseProvider theme={formTheme}>
      <Box p={4}>
        <HStack justify="space-between" mb={3} wrap="wrap">
          <Heading size="md">Form renderer playground</Heading>
          <HStack>
            <Select
              size="sm"
              aria-label="Example"
              w="16rem"
              onChange={(e) => load(e.target.value)}
              defaultValue={first.name}
            >
              {EXAMPLES.map((e) => (
                <option key={e.name} value={e.name}>
                  {e.name}
                </option>
              ))}
            </Select>
            <Button
              size="sm"
              colorScheme="blue"
              onClick={() => setApplied((a) => ({ schemaText, uiText, dataText, n: a.n + 1 }))}
            >
              Render
            </Button>
          </HStack>
        </HStack>
        <Grid templateColumns={{ base: '1fr', lg: '1fr 1.4fr 1fr' }} gap={4}>
          <GridItem>
            {(
              [
                ['Schema', schemaText, setSchemaText],
                ['UI schema', uiText, setUiText],
                ['Data', dataText, setDataText],
              ] as const
            ).map(([label, text, set]) => (
              <Box key={label} mb={3}>
                <Text as="label" fontWeight="semibold" fontSize="sm">
                  {label}
                  <Textarea
                    aria-label={label}
                    value={text}
                    onChange={(e) => set(e.target.value)}
                    fontFamily="mono"
                    fontSize="xs"
                    rows={12}
                    spellCheck={false}
                  />
                </Text>
              </Box>
            ))}
          </GridItem>
          <GridItem>
            {parseError ? (
              <Alert status="error" mb={3}>
                <AlertIcon />
                Invalid JSON: {parseError}
              </Alert>
            ) : schema.value ? (
              <Box borderWidth="1px" borderRadius="md" p={3} data-testid="playground-form">
                <FormRenderer
                  key={applied.n}
                  ref={ref}
                  schema={schema.value}
                  uischema={ui.value}
                  data={data.value}
                  onChange={(d, errors) => setLive({ data: d, errors })}
                  withChakraProvider={false}
                />
                <Button
                  mt={3}
                  size="sm"
                  onClick={() => {
                    const r = ref.current?.submit();
                    if (r) setSaveResult({ ok: r.ok, alert: r.alert, messages: r.messages });
                  }}
                >
                  Validate as on save
                </Button>
              </Box>
            ) : null}
          </GridItem>
          <GridItem>
            <Heading size="sm" mb={1}>
              Live data
            </Heading>
            <Code
              as="pre"
              display="block"
              whiteSpace="pre-wrap"
              fontSize="xs"
              p={2}
              maxH="24rem"
              overflow="auto"
              data-testid="live-data"
            >
              {pretty(deferred.data)}
            </Code>
            <Heading size="sm" mt={3} mb={1}>
              Errors ({deferred.errors.length})
            </Heading>
            <UnorderedList fontSize="xs" data-testid="live-errors">
              {deferred.errors.map((e, i) => (
                <ListItem key={i}>
                  <Code fontSize="xs">{e.path || '(root)'}</Code> {e.message}
                </ListItem>
              ))}
            </UnorderedList>
            {saveResult ? (
              <Alert
                status={saveResult.ok ? 'success' : 'error'}
                mt={3}
                alignItems="flex-start"
                fontSize="sm"
              >
                <AlertIcon />
                <Box>
                  <Text fontWeight="semibold">{saveResult.ok ? 'Valid' : saveResult.alert}</Text>
                  {saveResult.messages.map((m, i) => (
                    <Text key={i}>
                      {i + 1}. {m}
                    </Text>
                  ))}
                </Box>
              </Alert>
            ) : null}
          </GridItem>
        </Grid>
      </Box>
    </ChakraBaseProvider>
  );
}
