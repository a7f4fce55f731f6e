/**
 * The Translations view (issue 44): the languages the form declares, each with what is missing; a
 * table of every text with its default text and its translation; export of one language for a
 * translator (CSV, XLIFF) and import back. Each edit is one undoable step of the builder's store (a
 * text on leaving its box, an import at once), saved with the form like any other edit.
 */
import { memo, useMemo, useRef, useState, type ChangeEvent } from 'react';
import {
  Alert,
  AlertDescription,
  Badge,
  Box,
  Button,
  ButtonGroup,
  FormControl,
  FormLabel,
  HStack,
  Input,
  List,
  ListItem,
  Modal,
  ModalBody,
  ModalCloseButton,
  ModalContent,
  ModalHeader,
  ModalOverlay,
  Select,
  Text,
} from '@chakra-ui/react';
import { missingTranslations, type TranslatableText } from 'form-core/translations';
import {
  addLanguage,
  definitionOf,
  languageName,
  languagesOf,
  removeLanguage,
  setTranslations,
  textsOf,
  TRANSLATION_LANGUAGES,
} from '../model/translations';
import { useStoreSlice, type BuilderStore } from './store';
import { TRANSLATION_TEXTS as T } from './texts';

const formOf = (s: BuilderStore) => s.getForm();

/** One text: its translation kept in the box while typed, written to the form when the box is left. */
const TranslationRow = memo(function TranslationRow({
  text,
  value,
  missing,
  onCommit,
}: {
  text: TranslatableText;
  value: string;
  missing: boolean;
  onCommit: (key: string, value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    // An import or an undo changed it: show the form's text.
    setSeen(value);
    setDraft(value);
  }
  return (
    <Box as="tr" data-key={text.key} data-missing={missing ? 'true' : 'false'}>
      <Box as="td" p={1} fontSize="xs" color="gray.600">
        {text.where}
      </Box>
      <Box as="td" p={1}>
        {text.text}
      </Box>
      <Box as="td" p={1}>
        <Input
          size="sm"
          aria-label={T.translationOf(text.text)}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => draft !== value && onCommit(text.key, draft)}
          onKeyDown={(e) => e.key === 'Enter' && draft !== value && onCommit(text.key, draft)}
        />
      </Box>
      <Box as="td" p={1}>
        {missing && <Badge colorScheme="orange">{T.missing}</Badge>}
      </Box>
    </Box>
  );
});

const download = (name: string, type: string, content: string) => {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/** A picked file's text (FileReader: read the same way in every browser the app supports). */
export const readText = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });

type Report = { status: 'success'; text: string; changes: string[] } | { status: 'error'; text: string };

export default function TranslationsModal({ store, onClose }: { store: BuilderStore; onClose: () => void }) {
  const form = useStoreSlice(store, formOf);
  const texts = useMemo(() => textsOf(form), [form]);
  const { default: dflt, declared } = languagesOf(form);
  const missing = useMemo(() => missingTranslations(definitionOf(form)), [form]);
  const [chosen, setChosen] = useState(declared[0] ?? '');
  const lang = declared.includes(chosen) ? chosen : (declared[0] ?? '');
  const [toAdd, setToAdd] = useState('');
  const [report, setReport] = useState<Report | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const table = form.translations?.[lang] ?? {};
  const missingKeys = useMemo(() => new Set((missing[lang] ?? []).map((t) => t.key)), [missing, lang]);
  const name = (l: string) => `${languageName(l)} (${l})`;

  const commit = (key: string, value: string) =>
    store.apply((f) => setTranslations(f, lang, { [key]: value }));
  const add = () => {
    if (!toAdd) return;
    store.apply((f) => addLanguage(f, toAdd));
    setChosen(toAdd);
    setToAdd('');
    setReport(null);
  };
  const exportAs = async (kind: 'csv' | 'xliff') => {
    const files = await import('../model/translation-files');
    const input = {
      formName: form.meta.formName,
      sourceLanguage: dflt,
      language: lang,
      texts,
      translations: table,
    };
    const base = `${form.meta.formName || 'form'}-${lang}`;
    if (kind === 'csv') download(`${base}.csv`, 'text/csv;charset=utf-8', files.toCsv(input));
    else download(`${base}.xlf`, 'application/x-xliff+xml', files.toXliff(input));
  };
  const importFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const files = await import('../model/translation-files');
    try {
      const keys = new Set(texts.map((t) => t.key));
      const r = files.readTranslationFile(file.name, await readText(file), lang, keys, table);
      if (r.changed.length) store.apply((f) => setTranslations(f, lang, r.texts));
      const textOf = new Map(texts.map((t) => [t.key, t.text]));
      setReport({
        status: 'success',
        text: T.imported(name(lang), r.changed.length, r.unknown),
        changes: r.changed.map((c) => `${textOf.get(c.key) ?? c.key}: ${c.before || '—'} → ${c.after}`),
      });
    } catch (err) {
      if (!(err instanceof files.TranslationFileError)) throw err;
      setReport({ status: 'error', text: T.importRefused(err.message) });
    }
  };

  const offered = TRANSLATION_LANGUAGES.filter((l) => l !== dflt && !declared.includes(l));
  return (
    <Modal isOpen onClose={onClose} size="6xl" scrollBehavior="inside">
      <ModalOverlay />
      <ModalContent aria-label={T.title}>
        <ModalHeader>{T.title}</ModalHeader>
        <ModalCloseButton aria-label={T.close} />
        <ModalBody pb={6}>
          <Text fontSize="sm" mb={2}>
            {T.defaultLanguage(name(dflt))}
          </Text>
          <HStack as="form" align="end" mb={3} onSubmit={(e) => (e.preventDefault(), add())}>
            <FormControl maxW="xs">
              <FormLabel fontSize="sm">{T.addLanguage}</FormLabel>
              <Select
                size="sm"
                value={toAdd}
                onChange={(e) => setToAdd(e.target.value)}
                placeholder={T.chooseLanguage}
              >
                {offered.map((l) => (
                  <option key={l} value={l}>
                    {name(l)}
                  </option>
                ))}
              </Select>
            </FormControl>
            <Button size="sm" type="submit" isDisabled={!toAdd}>
              {T.add}
            </Button>
          </HStack>
          {declared.length === 0 ? (
            <Text>{T.noLanguages}</Text>
          ) : (
            <>
              <ButtonGroup
                size="sm"
                variant="outline"
                flexWrap="wrap"
                mb={3}
                role="group"
                aria-label={T.title}
              >
                {declared.map((l) => {
                  const n = missing[l]?.length ?? 0;
                  return (
                    <Button
                      key={l}
                      aria-pressed={l === lang}
                      colorScheme={l === lang ? 'blue' : undefined}
                      onClick={() => (setChosen(l), setReport(null))}
                      data-language={l}
                    >
                      {name(l)}
                      <Badge ms={2} colorScheme={n ? 'orange' : 'green'} data-testid={`missing-${l}`}>
                        {n ? T.missingCount(n) : T.complete}
                      </Badge>
                    </Button>
                  );
                })}
              </ButtonGroup>
              <HStack mb={3} flexWrap="wrap">
                <Button size="sm" onClick={() => void exportAs('csv')}>
                  {T.exportCsv}
                </Button>
                <Button size="sm" onClick={() => void exportAs('xliff')}>
                  {T.exportXliff}
                </Button>
                <Button size="sm" onClick={() => fileInput.current?.click()}>
                  {T.importFile}
                </Button>
                <input
                  ref={fileInput}
                  type="file"
                  hidden
                  aria-label={T.importFile}
                  accept=".csv,.xlf,.xliff,.xml,text/csv,application/xml"
                  onChange={(e) => void importFile(e)}
                />
                <Button
                  size="sm"
                  variant="ghost"
                  colorScheme="red"
                  onClick={() => store.apply((f) => removeLanguage(f, lang))}
                >
                  {T.removeLanguage}
                </Button>
              </HStack>
              {report && (
                <Alert status={report.status} mb={3} role={report.status === 'error' ? 'alert' : 'status'}>
                  <AlertDescription>
                    {report.text}
                    {report.status === 'success' && report.changes.length > 0 && (
                      <List fontSize="sm" mt={1}>
                        {report.changes.map((c) => (
                          <ListItem key={c}>{c}</ListItem>
                        ))}
                      </List>
                    )}
                  </AlertDescription>
                </Alert>
              )}
              <Box as="table" width="100%" fontSize="sm" aria-label={name(lang)}>
                <Box as="thead">
                  <Box as="tr" textAlign="start">
                    <Box as="th" p={1} textAlign="start">
                      {T.colWhere}
                    </Box>
                    <Box as="th" p={1} textAlign="start">
                      {T.colText(languageName(dflt))}
                    </Box>
                    <Box as="th" p={1} textAlign="start">
                      {T.colTranslation(languageName(lang))}
                    </Box>
                    <Box as="th" p={1} />
                  </Box>
                </Box>
                <Box as="tbody">
                  {texts.map((t) => (
                    <TranslationRow
                      key={`${lang}|${t.key}`}
                      text={t}
                      value={table[t.key] ?? ''}
                      missing={missingKeys.has(t.key)}
                      onCommit={commit}
                    />
                  ))}
                </Box>
              </Box>
            </>
          )}
        </ModalBody>
      </ModalContent>
    </Modal>
  );
}
