/**
 * "View report" and, where the device can share files (phones), "Share": on the success dialog and
 * the Submitted card. Tiny on purpose: the renderer (`device.ts`, pdfmake and its fonts) is a chunk
 * of its own, fetched when a button is pressed.
 */
import { Button, HStack, type ButtonProps } from '@chakra-ui/react';
import { useState } from 'react';
import { defineTexts, type HostServices, type LocalSubmission } from 'shared-contracts';

/** In the user's language (issue 44): `src/i18n`, loaded by the front ends that show these (`report/i18n-catalogs`). */
export const REPORT_ACTION_TEXTS = defineTexts('reportActions', {
  view: 'View report',
  share: 'Share',
  failed: 'The report could not be made.',
});

const canShareFiles = (): boolean => {
  try {
    return (
      typeof navigator !== 'undefined' &&
      typeof navigator.canShare === 'function' &&
      navigator.canShare({ files: [new File([''], 'report.pdf', { type: 'application/pdf' })] })
    );
  } catch {
    return false;
  }
};

export function ReportActions({
  host,
  submission,
  size = 'sm',
}: {
  host: HostServices;
  submission: LocalSubmission;
  size?: ButtonProps['size'];
}) {
  const [busy, setBusy] = useState<'view' | 'share' | null>(null);
  const [failed, setFailed] = useState(false);

  const view = async (): Promise<void> => {
    // opened now, while the click still counts, and pointed at the PDF once it is made
    const win = window.open('', '_blank');
    setBusy('view');
    setFailed(false);
    try {
      const { reportBlob, reportFileName } = await import('./device');
      const blob = await reportBlob(host, submission);
      const url = URL.createObjectURL(blob);
      if (win) win.location.href = url;
      else {
        const a = document.createElement('a');
        a.href = url;
        a.download = reportFileName(submission);
        a.click();
      }
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      win?.close();
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  const share = async (): Promise<void> => {
    setBusy('share');
    setFailed(false);
    try {
      const { reportBlob, reportFileName } = await import('./device');
      const blob = await reportBlob(host, submission);
      const file = new File([blob], reportFileName(submission), { type: 'application/pdf' });
      await navigator.share({ files: [file], title: submission.formName });
    } catch (err) {
      if ((err as { name?: string }).name !== 'AbortError') setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  return (
    <HStack spacing={2} data-testid="report-actions">
      <Button size={size} variant="outline" onClick={() => void view()} isLoading={busy === 'view'}>
        {REPORT_ACTION_TEXTS.view}
      </Button>
      {canShareFiles() ? (
        <Button size={size} variant="outline" onClick={() => void share()} isLoading={busy === 'share'}>
          {REPORT_ACTION_TEXTS.share}
        </Button>
      ) : null}
      {failed ? (
        <span role="alert" style={{ fontSize: '0.875rem' }}>
          {REPORT_ACTION_TEXTS.failed}
        </span>
      ) : null}
    </HStack>
  );
}
