import { Badge, Button, ButtonGroup, Heading, HStack, Link, Spacer, Text } from '@chakra-ui/react';
import { memo, useDeferredValue, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { canRedo, canUndo } from '../model/history';
import { serializeForm } from '../model/writer';
import { useStoreSlice, type BuilderStore } from './store';
import { displayMessage } from 'shared-contracts';
import { TEXTS, TRANSLATION_TEXTS } from './texts';
import { formatSavedTime, type SaveStatus } from './useSaving';
import { SCORING_TEXTS } from '../editors/scoring/ScoringModal';

const historyOf = (s: BuilderStore) => s.getHistory();
// Booleans: the header re-renders when undo/redo becomes (un)available, not at every edit.
const undoableOf = (s: BuilderStore) => canUndo(s.getHistory());
const redoableOf = (s: BuilderStore) => canRedo(s.getHistory());
const savedOf = (s: BuilderStore) => s.getSaved();

/** Compares the serialized form with the last saved JSON: exact, so it is never wrong. */
function Unsaved({ store }: { store: BuilderStore }) {
  const history = useStoreSlice(store, historyOf);
  const saved = useStoreSlice(store, savedOf);
  // Deferred so that serializing a large form never delays the edit's own frame.
  const form = useDeferredValue(history.present);
  const dirty = useMemo(() => serializeForm(form) !== saved, [form, saved]);
  return (
    <Badge
      data-testid="unsaved-indicator"
      data-dirty={dirty ? 'true' : 'false'}
      colorScheme={dirty ? 'orange' : 'green'}
    >
      {dirty ? TEXTS.unsaved : TEXTS.allSaved}
    </Badge>
  );
}

export interface HeaderProps {
  store: BuilderStore;
  title: string;
  status: SaveStatus;
  timeZone: string | undefined;
  onSave: () => void;
  previewOpen: boolean;
  onTogglePreview: () => void;
  /** Opens the form's layout events (afterSave, onInit, onLoad). */
  onEditEvents: () => void;
  /** Opens the form's score settings (issue 43). */
  onEditScoring?: () => void;
  /** Opens the Translations view (issue 44). */
  onEditTranslations?: () => void;
}

export const Header = memo(function Header({
  store,
  title,
  status,
  timeZone,
  onSave,
  previewOpen,
  onTogglePreview,
  onEditEvents,
  onEditScoring,
  onEditTranslations,
}: HeaderProps) {
  const undoable = useStoreSlice(store, undoableOf);
  const redoable = useStoreSlice(store, redoableOf);
  return (
    <HStack as="header" spacing={3} py={2} borderBottomWidth="1px" wrap="wrap">
      <Heading size="md">{title}</Heading>
      <Unsaved store={store} />
      <Text
        role="status"
        data-testid="save-toast"
        fontSize="sm"
        color={status.kind === 'failed' ? 'red.600' : 'gray.700'}
      >
        {status.kind === 'saving' && TEXTS.saving}
        {status.kind === 'saved' && TEXTS.lastSaved(formatSavedTime(status.at, timeZone))}
        {status.kind === 'failed' && `${TEXTS.saveFailedPrefix}${displayMessage(status.message)}`}
      </Text>
      <Spacer />
      {/* Publishing (issue 10) is where an admin goes once the form is built. */}
      <Link as={RouterLink} to="/templates" color="blue.700" fontSize="sm" fontWeight="semibold">
        {TEXTS.templates}
      </Link>
      {/* Wraps on a phone: in one row the four buttons were wider than a 375 px screen. */}
      <ButtonGroup size="sm" variant="outline" flexWrap="wrap">
        <Button onClick={() => store.undo()} isDisabled={!undoable} aria-keyshortcuts="Control+Z">
          {TEXTS.undo}
        </Button>
        <Button onClick={() => store.redo()} isDisabled={!redoable} aria-keyshortcuts="Control+Shift+Z">
          {TEXTS.redo}
        </Button>
        <Button onClick={onEditEvents}>{TEXTS.formEvents}</Button>
        {onEditScoring && <Button onClick={onEditScoring}>{SCORING_TEXTS.title}</Button>}
        {onEditTranslations && <Button onClick={onEditTranslations}>{TRANSLATION_TEXTS.open}</Button>}
        <Button onClick={onTogglePreview} aria-pressed={previewOpen}>
          {TEXTS.preview}
        </Button>
      </ButtonGroup>
      <Button colorScheme="blue" onClick={onSave} isDisabled={status.kind === 'saving'}>
        {TEXTS.saveForm}
      </Button>
    </HStack>
  );
});
