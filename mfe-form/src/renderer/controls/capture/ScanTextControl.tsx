/**
 * A text field that can also be filled by scanning a barcode or QR code with the camera (issue 32;
 * the builder's `options.scanFormats`). The field stays a text field: a code can always be typed, and
 * is whenever the camera is refused, missing or busy (the message says so). The scanner (and, where
 * the browser has no BarcodeDetector, ZXing's WebAssembly) loads only when the camera is opened.
 */
import { memo, useContext, useEffect, useRef, useState } from 'react';
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { formatLabels, scanFormatsOf, type BarcodeFormatName } from 'form-core';
import { PrintModeContext, useFormContext } from '../../context';
import { failsPattern } from '../../core/validation';
import type { RendererProps } from '../../types';
import { TextControl } from '../TextControls';
import { useControl } from '../shared';
import { scanFailureOf, type ScanFailure } from './scan-failure';
import { SCAN_TEXTS as T, scanFailureText } from './texts';

/** How often a frame is read: often enough to feel instant, rarely enough to leave the CPU to the camera. */
const READ_EVERY_MS = 150;

export const ScanTextControl = memo(function ScanTextControl(props: RendererProps) {
  const state = useControl(props);
  const { store } = useFormContext();
  const printing = useContext(PrintModeContext);
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<ScanFailure | undefined>();
  const [announce, setAnnounce] = useState('');
  if (state.rule.hidden) return null;
  const formats = scanFormatsOf(props.uischema) ?? [];

  const accept = (raw: string): void => {
    const max = state.controlSchema.maxLength;
    const text = typeof max === 'number' ? raw.slice(0, max) : raw;
    store.setPatternFailed(state.dataPath, failsPattern(text, state.controlSchema));
    state.setValue(text);
    setOpen(false);
    setAnnounce(`${state.label}: ${text}`);
  };

  return (
    <Box className="cq-scan" data-testid="scan-field">
      <TextControl {...props} />
      {state.enabled && !printing ? (
        <Box mt={-2} mb={3}>
          {!open ? (
            <Button
              size="sm"
              variant="outline"
              colorScheme="blue"
              onClick={() => {
                setFailure(undefined);
                setOpen(true);
              }}
              aria-describedby={failure ? `${state.id}-scan-failure` : undefined}
            >
              {T.scan}
            </Button>
          ) : (
            <ScannerPanel
              formats={formats}
              onCode={accept}
              onFailure={(f) => {
                setFailure(f);
                setOpen(false);
              }}
              onCancel={() => setOpen(false)}
            />
          )}
          {failure ? (
            <Text fontSize="sm" color="red.600" role="alert" mt={1} id={`${state.id}-scan-failure`}>
              {scanFailureText(failure)}
            </Text>
          ) : null}
          <Text className="cq-visually-hidden" aria-live="polite" style={HIDDEN}>
            {announce}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
});

const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
} as const;

function ScannerPanel({
  formats,
  onCode,
  onFailure,
  onCancel,
}: {
  formats: BarcodeFormatName[];
  onCode: (text: string) => void;
  onFailure: (f: ScanFailure) => void;
  onCancel: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  // The latest callbacks, so the camera effect runs once per opening.
  const cb = useRef({ onCode, onFailure });
  cb.current = { onCode, onFailure };

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const stop = (): void => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
    void (async () => {
      try {
        if (window.isSecureContext === false)
          throw Object.assign(new Error('insecure'), { name: 'Insecure' });
        if (!navigator.mediaDevices?.getUserMedia)
          throw Object.assign(new Error('no camera'), { name: 'NotFoundError' });
        const { createDetector, openCamera } = await import(
          /* webpackChunkName: "barcode-scanner" */ './scanner'
        );
        // Camera first: the permission prompt is the user's next step, the detector loads meanwhile.
        const [s, detector] = await Promise.all([openCamera(), createDetector(formats)]);
        stream = s;
        if (stopped) return stop();
        const v = video.current;
        if (!v) return stop();
        v.srcObject = s;
        await v.play();
        setReady(true);
        const read = async (): Promise<void> => {
          if (stopped) return;
          try {
            if (v.readyState >= 2) {
              const [hit] = await detector.detect(v);
              if (hit && hit.rawValue && !stopped) {
                stop();
                cb.current.onCode(hit.rawValue);
                return;
              }
            }
          } catch {
            // a frame that cannot be read: the next one may
          }
          timer = setTimeout(() => void read(), READ_EVERY_MS);
        };
        void read();
      } catch (e) {
        const insecure = (e as { name?: string }).name === 'Insecure';
        stop();
        cb.current.onFailure(insecure ? 'insecure' : scanFailureOf(e));
      }
    })();
    return stop;
    // formats is read once per opening
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Box borderWidth="1px" borderRadius="md" p={2} role="dialog" aria-label={T.title} data-testid="scanner">
      <Box as="video" ref={video} muted playsInline width="100%" maxH="260px" bg="black" borderRadius="sm" />
      <HStack justify="space-between" mt={2}>
        <Text fontSize="sm" aria-live="polite">
          {ready ? T.pointAt(formatLabels(formats)) : T.starting}
        </Text>
        <Button size="sm" onClick={onCancel}>
          {T.cancel}
        </Button>
      </HStack>
    </Box>
  );
}
