// /launchFromSF/submission-finished|submission-closed?dataUrl=...: tells the host canvas (spec 000
// §2). Inside the org's frame it posts the message to the stored target origin; outside a frame
// (the app opened on its own) it returns to the org record by redirecting there.
import { useEffect, useRef, useState } from 'react';
import { Alert, AlertDescription, AlertIcon, Box, Link } from '@chakra-ui/react';
import { MESSAGES, defineTexts, type HostServices } from 'shared-contracts';
import { isFramed, postToHost } from '../canvas/bridge';
import { loadCanvasContext } from '../canvas/context';
import { publishMessage, safeDataUrl, type PublishKind } from '../canvas/contract';
import { LoadingOverlay } from './LoadingOverlay';

export const PUBLISH_TEXTS = defineTexts('publish', {
  closed: 'The form was closed.',
  backToRecord: 'Back to the record',
  notInOrg: 'This form was not opened from the org, so there is no record to return to.',
});

/** What the screen says once the org page was told (read when shown: in the language active then). */
const postedText = (kind: PublishKind): string =>
  kind === 'finished' ? MESSAGES.formSubmittedDialog : PUBLISH_TEXTS.closed;

type Outcome = { kind: 'posted'; back: string } | { kind: 'no-host' };

export function PublishScreen({
  host,
  kind,
  search,
}: {
  host: HostServices;
  kind: PublishKind;
  search: string;
}) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return; // post once, even under StrictMode
    done.current = true;
    void (async () => {
      const dataUrl = new URLSearchParams(search).get('dataUrl');
      const ctx = await loadCanvasContext(host);
      // The submission's org record when the form screen knows it, else the record page the app was
      // launched from: either way the org record to return to.
      const back = ctx ? safeDataUrl(dataUrl, ctx) || ctx.recordUrl || '' : '';
      if (isFramed(window)) {
        if (ctx && postToHost(publishMessage(kind, back, ctx), ctx, window))
          setOutcome({ kind: 'posted', back });
        else setOutcome({ kind: 'no-host' });
        return;
      }
      // Top level: return to the org record, or home when there is none.
      if (back) window.location.assign(back);
      else host.navigate('/', { replace: true });
    })();
  }, [host, kind, search]);

  if (outcome === null) return <LoadingOverlay />;
  return (
    <Box p={6} maxW="xl" mx="auto" data-testid="canvas-published" data-outcome={outcome.kind}>
      <Alert status={outcome.kind === 'posted' ? 'success' : 'warning'} borderRadius="md">
        <AlertIcon />
        <AlertDescription>
          {outcome.kind === 'posted' ? postedText(kind) : PUBLISH_TEXTS.notInOrg}
        </AlertDescription>
      </Alert>
      {outcome.kind === 'posted' && outcome.back ? (
        <Link href={outcome.back} target="_top" display="inline-block" mt={4} color="blue.700">
          {PUBLISH_TEXTS.backToRecord}
        </Link>
      ) : null}
    </Box>
  );
}
