/**
 * Save Form while a declared language is incomplete (issue 44): the admin is told which languages
 * and how many texts, and may save anyway (those texts then show in the default language).
 */
import { useRef } from 'react';
import {
  AlertDialog,
  AlertDialogBody,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogOverlay,
  Button,
  Text,
} from '@chakra-ui/react';
import { languageName } from '../model/translations';
import { TRANSLATION_TEXTS as T } from './texts';

export function TranslationsWarning({
  incomplete,
  onSave,
  onCancel,
}: {
  incomplete: ReadonlyArray<{ language: string; missing: number }>;
  onSave: () => void;
  onCancel: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog isOpen leastDestructiveRef={cancel} onClose={onCancel}>
      <AlertDialogOverlay />
      <AlertDialogContent>
        <AlertDialogHeader>{T.incompleteTitle}</AlertDialogHeader>
        <AlertDialogBody>
          {incomplete.map(({ language, missing }) => (
            <Text key={language}>{T.incompleteLine(languageName(language), language, missing)}</Text>
          ))}
          <Text mt={2} fontSize="sm">
            {T.incompleteHint}
          </Text>
        </AlertDialogBody>
        <AlertDialogFooter gap={2}>
          <Button ref={cancel} onClick={onCancel}>
            {T.cancel}
          </Button>
          <Button colorScheme="blue" onClick={onSave}>
            {T.saveAnyway}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
