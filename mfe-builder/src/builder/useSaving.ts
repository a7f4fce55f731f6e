/**
 * Saving (builder spec section 4): autosave every 10 s as PUT while no drag is in progress and the
 * form differs from what was last saved; Save Form as POST, then the success message and, 2 s later,
 * the record in the org. Failures: explicit save an error toast for 2 s with the server's message,
 * autosave the first message in the header.
 */
import { useToast } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { BUILDER } from 'shared-contracts';
import { formatTime } from 'form-core';
import { serializeForm, toBase64 } from '../model/writer';
import { errorText, type BuilderApi } from './api';
import type { BuilderStore } from './store';
import { TEXTS } from './texts';

export type SaveStatus =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'failed'; message: string };

export function useSaving(opts: {
  store: BuilderStore;
  api: BuilderApi;
  recordId: string;
  selectedDocIds: () => string[];
  recordUrl: string;
  /** Leaves the builder (tests and embedding replace the page navigation). */
  leave: (url: string) => void;
}) {
  const { store, api, recordId } = opts;
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const toast = useToast();
  const busy = useRef(false);
  const latest = useRef(opts);
  latest.current = opts;

  const autosave = useCallback(async () => {
    if (busy.current || store.isDragging()) return;
    const serialized = serializeForm(store.getForm());
    if (serialized === store.getSaved()) return;
    busy.current = true;
    setStatus({ kind: 'saving' });
    try {
      await api.autosave(recordId, toBase64(serialized));
      store.markSaved(serialized);
      setStatus({ kind: 'saved', at: new Date() });
    } catch (error) {
      setStatus({ kind: 'failed', message: errorText(error) });
    } finally {
      busy.current = false;
    }
  }, [store, api, recordId]);

  useEffect(() => {
    const t = setInterval(() => void autosave(), BUILDER.autosaveIntervalMs);
    return () => clearInterval(t);
  }, [autosave]);

  const save = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    const serialized = serializeForm(store.getForm());
    setStatus({ kind: 'saving' });
    try {
      await api.save(recordId, toBase64(serialized), latest.current.selectedDocIds().join(','));
      store.markSaved(serialized);
      setStatus({ kind: 'saved', at: new Date() });
      toast({
        status: 'success',
        description: TEXTS.saved,
        duration: BUILDER.explicitSaveRedirectMs,
        isClosable: true,
      });
      setTimeout(() => latest.current.leave(latest.current.recordUrl), BUILDER.explicitSaveRedirectMs);
    } catch (error) {
      const message = errorText(error);
      setStatus({ kind: 'failed', message });
      toast({
        status: 'error',
        description: message,
        duration: BUILDER.explicitSaveErrorToastMs,
        isClosable: true,
      });
    } finally {
      busy.current = false;
    }
  }, [store, api, recordId, toast]);

  return { status, save, autosave };
}

/**
 * The last-saved time in the user's time zone and locale, in the same style as every other time the
 * product shows (form-core display-value); an unknown zone falls back to the browser's.
 */
export function formatSavedTime(at: Date, timeZone: string | undefined): string {
  return formatTime(at.toISOString(), timeZone ? { timeZone } : {});
}
