import {
  Alert,
  AlertIcon,
  Badge,
  Box,
  Button,
  Card,
  CardBody,
  CardFooter,
  CardHeader,
  Code,
  Heading,
  List,
  ListItem,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { HostServices } from 'shared-contracts';
import { AppLink } from 'ui-kit/app-link';
import { errorText } from './errors';
import type { TemplateInfo } from 'shared-contracts';
import { templatesApi } from './api';
import { TEMPLATE_TEXTS as T } from './texts';

type FormItem = { Id: string; Name: string; Title__c?: string | null };

/**
 * /templates: every template with what it generates (Configure opens /templateConfiguration), and
 * the org's forms, each opening the builder: in the org that is a record button, but an admin
 * signed in to the app had no way to reach /CQEditFormSF/:id short of typing it.
 */
export function TemplatesScreen({ host }: { host: HostServices }) {
  const [params] = useSearchParams();
  const recordId = params.get('recordId') ?? '';
  const [templates, setTemplates] = useState<TemplateInfo[] | null>(null);
  const [error, setError] = useState('');
  const [forms, setForms] = useState<FormItem[] | null>(null);

  useEffect(() => {
    let live = true;
    const api = templatesApi(host.api);
    api
      .templates()
      .then((t) => live && setTemplates(t))
      .catch((e: unknown) => live && setError(errorText(e)));
    api
      .forms()
      .then((f) => live && setForms(f))
      .catch(() => live && setForms([]));
    return () => {
      live = false;
    };
  }, [host]);

  const configure = (name: string) => {
    const q = new URLSearchParams({ template: name, ...(recordId ? { recordId } : {}) });
    host.navigate(`/templateConfiguration?${q.toString()}`);
  };

  return (
    <Box as="section" p={6} maxW="6xl" mx="auto" data-testid="remote-screen" data-remote="mfe-builder">
      <Heading as="h1" size="lg" mb={2}>
        {T.templatesTitle}
      </Heading>
      <Text mb={6} color="gray.600">
        {T.templatesIntro}
      </Text>
      {error && (
        <Alert status="error" mb={4}>
          <AlertIcon />
          {error}
        </Alert>
      )}
      {!templates && !error && <Spinner label={T.loading} />}
      {templates?.length === 0 && <Text>{T.noTemplates}</Text>}
      <SimpleGrid columns={{ base: 1, md: 2 }} spacing={6}>
        {templates?.map((t) => (
          <Card key={t.name} variant="outline" as="article" aria-labelledby={`tpl-${t.name}`}>
            <CardHeader pb={2}>
              <Heading as="h2" size="md" id={`tpl-${t.name}`}>
                {t.label}
              </Heading>
              <Code fontSize="xs">{t.name}</Code>
            </CardHeader>
            <CardBody py={2}>
              <Stack spacing={3}>
                <Text>{t.description}</Text>
                <Box>
                  <Heading as="h3" size="xs" textTransform="uppercase" mb={1}>
                    {T.generates}
                  </Heading>
                  <List spacing={0}>
                    {t.generates.map((g) => (
                      <ListItem key={g}>
                        <Code fontSize="sm">{g}</Code>
                      </ListItem>
                    ))}
                  </List>
                </Box>
                <Box>
                  <Heading as="h3" size="xs" textTransform="uppercase" mb={1}>
                    {T.targets}
                  </Heading>
                  {t.targets.map((x) => (
                    <Badge key={x} me={1} textTransform="none">
                      {x}
                    </Badge>
                  ))}
                </Box>
              </Stack>
            </CardBody>
            <CardFooter>
              <Button
                colorScheme="blue"
                onClick={() => configure(t.name)}
                aria-label={`${T.configure} ${t.label}`}
              >
                {T.configure}
              </Button>
            </CardFooter>
          </Card>
        ))}
      </SimpleGrid>
      <Heading as="h2" size="md" mt={10} mb={2}>
        {T.formsTitle}
      </Heading>
      <Text mb={4} color="gray.600">
        {T.formsIntro}
      </Text>
      {!forms && <Spinner label={T.loading} />}
      {forms?.length === 0 && <Text>{T.noForms}</Text>}
      <List spacing={2} data-testid="builder-forms">
        {forms?.map((f) => (
          <ListItem
            key={f.Id}
            display="flex"
            flexWrap="wrap"
            gap={2}
            alignItems="baseline"
            justifyContent="space-between"
            borderWidth="1px"
            borderRadius="md"
            px={4}
            py={2}
            bg="white"
          >
            <Text fontWeight="semibold">{f.Title__c ? `${f.Name}: ${f.Title__c}` : f.Name}</Text>
            <AppLink
              to={`/CQEditFormSF/${encodeURIComponent(f.Id)}`}
              navigate={host.navigate}
              color="blue.700"
              fontWeight="semibold"
              aria-label={T.openInBuilderLabel(f.Name)}
            >
              {T.openInBuilder}
            </AppLink>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
