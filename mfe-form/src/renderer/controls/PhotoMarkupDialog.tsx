import { useEffect, useRef, useState } from 'react';
import {
  Box,
  Button,
  ButtonGroup,
  FormControl,
  FormLabel,
  HStack,
  Input,
  Modal,
  ModalBody,
  ModalContent,
  ModalFooter,
  ModalHeader,
  ModalOverlay,
  Text,
} from '@chakra-ui/react';
import { RENDERER_TEXTS } from '../texts';
import { jpegName } from 'ui-kit/photo-fit';
import {
  MARKUP_COLORS,
  addShape,
  drawShapes,
  isTooSmall,
  screenToImage,
  undoShape,
  type MarkupShape,
  type MarkupTool,
  type Point,
} from '../photo/markup-geometry';

export interface MarkupRequest {
  file: File;
  quality: number;
  /** The marked-up JPEG (same size, same quality), or undefined to queue the photo as it is. */
  done: (marked: File | undefined) => void;
}

const TOOLS: Array<{ tool: MarkupTool; label: string }> = [
  { tool: 'arrow', label: RENDERER_TEXTS.markupArrow },
  { tool: 'circle', label: RENDERER_TEXTS.markupCircle },
  { tool: 'text', label: RENDERER_TEXTS.markupText },
];

/**
 * The "Mark up" step (issue 32): after a photo is resized and before it is queued, the user may draw
 * arrows and circles and place text on it. The canvas is at the resized photo's own size (shapes are
 * kept in image pixels, so the export is the picture as shown); all drawing is local, so it works
 * offline. Escape or Skip queues the photo unmarked: nothing is lost.
 */
export function PhotoMarkupDialog({ request }: { request: MarkupRequest | undefined }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [bitmap, setBitmap] = useState<ImageBitmap | undefined>();
  const [shapes, setShapes] = useState<MarkupShape[]>([]);
  const [draft, setDraft] = useState<MarkupShape | undefined>();
  const [tool, setTool] = useState<MarkupTool>('arrow');
  const [color, setColor] = useState<string>(MARKUP_COLORS[0].value);
  const [textAt, setTextAt] = useState<Point | undefined>();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const textInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setShapes([]);
    setDraft(undefined);
    setTextAt(undefined);
    setText('');
    setBusy(false);
    if (!request) return;
    let live = true;
    let bmp: ImageBitmap | undefined;
    void createImageBitmap(request.file, { imageOrientation: 'from-image' }).then(
      (b) => {
        bmp = b;
        if (live) setBitmap(b);
        else b.close();
      },
      () => live && request.done(undefined),
    );
    return () => {
      live = false;
      bmp?.close();
      setBitmap(undefined);
    };
  }, [request]);

  useEffect(() => {
    const c = canvas.current;
    if (!c || !bitmap) return;
    if (c.width !== bitmap.width) c.width = bitmap.width;
    if (c.height !== bitmap.height) c.height = bitmap.height;
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.drawImage(bitmap, 0, 0);
    drawShapes(ctx, draft ? [...shapes, draft] : shapes, bitmap);
  }, [bitmap, shapes, draft]);

  useEffect(() => {
    if (textAt) textInput.current?.focus();
  }, [textAt]);

  const size = bitmap ? { width: bitmap.width, height: bitmap.height } : { width: 1, height: 1 };
  const toImage = (e: React.PointerEvent<HTMLCanvasElement>): Point => {
    const r = e.currentTarget.getBoundingClientRect();
    return screenToImage({ x: e.clientX - r.left, y: e.clientY - r.top }, r, size);
  };
  const onDown = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!bitmap) return;
    e.preventDefault();
    const p = toImage(e);
    if (tool === 'text') {
      setTextAt(p);
      return;
    }
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setDraft({ kind: tool, from: p, to: p, color });
  };
  const onMove = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (draft && draft.kind !== 'text') setDraft({ ...draft, to: toImage(e) });
  };
  const onUp = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!draft || draft.kind === 'text') return;
    const done = { ...draft, to: toImage(e) };
    setDraft(undefined);
    if (!isTooSmall(done.from, done.to, size)) setShapes((s) => addShape(s, done));
  };
  const placeText = () => {
    const t = text.trim();
    if (textAt && t) setShapes((s) => addShape(s, { kind: 'text', at: textAt, text: t, color }));
    setTextAt(undefined);
    setText('');
  };
  const use = () => {
    const c = canvas.current;
    if (!request) return;
    if (!c || shapes.length === 0) {
      request.done(undefined);
      return;
    }
    setBusy(true);
    c.toBlob(
      (blob) => {
        const name = jpegName(request.file.name);
        request.done(
          blob
            ? new File([blob], name, { type: 'image/jpeg', lastModified: request.file.lastModified })
            : undefined,
        );
      },
      'image/jpeg',
      request.quality,
    );
  };

  return (
    <Modal isOpen={!!request} onClose={() => request?.done(undefined)} size={{ base: 'full', md: '4xl' }}>
      <ModalOverlay />
      <ModalContent data-testid="photo-markup">
        <ModalHeader>{RENDERER_TEXTS.markupTitle(request?.file.name ?? '')}</ModalHeader>
        <ModalBody>
          <HStack spacing={2} flexWrap="wrap" mb={2}>
            <ButtonGroup
              size="sm"
              isAttached
              variant="outline"
              role="group"
              aria-label={RENDERER_TEXTS.markupTools}
            >
              {TOOLS.map((t) => (
                <Button
                  key={t.tool}
                  aria-pressed={tool === t.tool}
                  variant={tool === t.tool ? 'solid' : 'outline'}
                  colorScheme={tool === t.tool ? 'blue' : 'gray'}
                  onClick={() => setTool(t.tool)}
                >
                  {t.label}
                </Button>
              ))}
            </ButtonGroup>
            <ButtonGroup size="sm" role="group" aria-label={RENDERER_TEXTS.markupColour}>
              {MARKUP_COLORS.map((c) => (
                <Button
                  key={c.value}
                  aria-pressed={color === c.value}
                  bg={c.value}
                  color="black"
                  borderWidth={color === c.value ? '3px' : '1px'}
                  borderColor="black"
                  _hover={{ bg: c.value }}
                  onClick={() => setColor(c.value)}
                >
                  {c.name}
                </Button>
              ))}
            </ButtonGroup>
            <Button
              size="sm"
              variant="outline"
              isDisabled={shapes.length === 0}
              onClick={() => setShapes(undoShape)}
            >
              {RENDERER_TEXTS.markupUndo}
            </Button>
          </HStack>
          <Text fontSize="sm" color="gray.600" mb={1}>
            {tool === 'text' ? RENDERER_TEXTS.markupTextHint : RENDERER_TEXTS.markupDragHint}
          </Text>
          <Box textAlign="center">
            <canvas
              ref={canvas}
              role="img"
              aria-label={RENDERER_TEXTS.markupCanvas}
              data-testid="photo-markup-canvas"
              style={{
                maxWidth: '100%',
                maxHeight: '60vh',
                touchAction: 'none',
                cursor: 'crosshair',
                display: 'inline-block',
              }}
              onPointerDown={onDown}
              onPointerMove={onMove}
              onPointerUp={onUp}
              onPointerCancel={() => setDraft(undefined)}
            />
          </Box>
          {textAt ? (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                placeText();
              }}
            >
              <FormControl mt={2}>
                <FormLabel>{RENDERER_TEXTS.markupTextLabel}</FormLabel>
                <HStack>
                  <Input
                    autoComplete="off"
                    ref={textInput}
                    value={text}
                    onChange={(e) => setText(e.target.value)}
                    maxLength={80}
                  />
                  <Button type="submit" size="sm">
                    {RENDERER_TEXTS.markupPlaceText}
                  </Button>
                </HStack>
              </FormControl>
            </form>
          ) : null}
        </ModalBody>
        <ModalFooter gap={2}>
          <Button variant="outline" onClick={() => request?.done(undefined)} isDisabled={busy}>
            {RENDERER_TEXTS.markupSkip}
          </Button>
          <Button colorScheme="blue" onClick={use} isLoading={busy} isDisabled={!bitmap}>
            {RENDERER_TEXTS.markupUse}
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  );
}
