import { Alert, AlertIcon, Box, Button, Flex, Spinner, Text } from '@chakra-ui/react';
import {
  Component,
  memo,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import {
  REQUIRED_LEFT,
  type FormDefinition,
  type FormJsonSchema,
  type RemoteModules,
  type UISchemaElement,
} from 'shared-contracts';
import { applyStartingData } from 'form-core';
import { toFormJson } from '../model/writer';
import { loadFormRenderer, type PreviewRendererHandle, type PreviewRendererProps } from './renderer-remote';
import { useStoreSlice, type BuilderStore } from './store';
import { TEXTS } from './texts';
import { withScoring } from 'form-core/scoring-layout';

function Unavailable() {
  return (
    <Alert status="warning" data-testid="preview-unavailable">
      <AlertIcon />
      {TEXTS.previewUnavailable}
    </Alert>
  );
}

/** A renderer crash (e.g. a half-built form) shows the notice instead of taking the builder down. */
class PreviewBoundary extends Component<{ children: ReactNode; resetKey: unknown }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidUpdate(prev: { resetKey: unknown }) {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }
  override render() {
    return this.state.failed ? <Unavailable /> : this.props.children;
  }
}

const formOf = (s: BuilderStore) => s.getForm();
/** One object: a new `data` each render would make the renderer replace what was typed in the preview. */
const NO_DATA: Record<string, unknown> = {};
const EDIT_FORM = { editForm: true };

/** The live preview: the real FormRenderer of mfe-form drawing the form as it is being built. */
export const Preview = memo(function Preview({
  store,
  remotes,
}: {
  store: BuilderStore;
  remotes: RemoteModules;
}) {
  const [renderer, setRenderer] = useState<ComponentType<PreviewRendererProps> | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    loadFormRenderer(remotes).then(
      (c) => live && setRenderer(() => c),
      () => live && setRenderer('failed'),
    );
    return () => {
      live = false;
    };
  }, [remotes]);
  // Deferred: typing and dragging stay responsive; the preview catches up when the thread is idle.
  const form = useDeferredValue(useStoreSlice(store, formOf));
  // A dropped document's sections and questions drawn as the form screen draws them.
  const json = useMemo(() => {
    const def = toFormJson(form) as unknown as FormDefinition;
    // A scored form previews its live score and failed-item fields as the form screen shows them.
    return withScoring(applyStartingData(def, def.startingData)) as unknown as ReturnType<typeof toFormJson>;
  }, [form]);
  const version = useMemo(() => `preview-${Math.random().toString(36).slice(2)}`, [json]); // eslint-disable-line react-hooks/exhaustive-deps
  const handle = useRef<PreviewRendererHandle>(null);
  const [required, setRequired] = useState({ left: 0, has: false });
  const [saved, setSaved] = useState(false);
  useEffect(() => setSaved(false), [json]);
  if (renderer === 'failed') return <Unavailable />;
  if (!renderer)
    return (
      <Box data-testid="preview-loading" p={4}>
        <Spinner size="sm" /> <Text as="span">{TEXTS.previewLoading}</Text>
      </Box>
    );
  const Renderer = renderer;
  return (
    <Box data-testid="preview" borderWidth="1px" borderRadius="md" p={3}>
      <PreviewBoundary resetKey={json}>
        <Renderer
          ref={handle}
          schema={json.schema as FormJsonSchema}
          uischema={json.ui as UISchemaElement}
          data={NO_DATA}
          formVersion={version}
          // The builder's route (/CQEditFormSF) hides section headers in the rendered form (spec 001 section 2).
          modes={EDIT_FORM}
          onRequiredLeftChange={(left, has) => {
            setSaved(false);
            setRequired((r) => (r.left === left && r.has === has ? r : { left, has }));
          }}
        />
        {saved ? (
          <Alert status="success" mt={3} data-testid="preview-save-ok">
            <AlertIcon />
            {TEXTS.previewSaveOk}
          </Alert>
        ) : null}
        <Flex mt={3} gap={2} justify="flex-end" align="center" wrap="wrap">
          {required.has ? (
            <Text as="span" role="status" fontSize="sm" data-testid="preview-required-left">
              {required.left > 0 ? REQUIRED_LEFT.left(required.left) : REQUIRED_LEFT.done}
            </Text>
          ) : null}
          <Button
            size="sm"
            colorScheme="blue"
            data-testid="preview-save"
            onClick={() => setSaved(handle.current?.submit().ok === true)}
          >
            {TEXTS.previewSave}
          </Button>
        </Flex>
      </PreviewBoundary>
    </Box>
  );
});
