import { Alert, AlertIcon, Box, Spinner, Text } from '@chakra-ui/react';
import {
  Component,
  memo,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { FormJsonSchema, UISchemaElement } from 'shared-contracts';
import { toFormJson } from '../model/writer';
import { loadFormRenderer, type PreviewRendererProps } from './renderer-remote';
import { useStoreSlice, type BuilderStore } from './store';
import { TEXTS } from './texts';

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

/** The live preview: the real FormRenderer of mfe-form drawing the form as it is being built. */
export const Preview = memo(function Preview({ store }: { store: BuilderStore }) {
  const [renderer, setRenderer] = useState<ComponentType<PreviewRendererProps> | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    loadFormRenderer().then(
      (c) => live && setRenderer(() => c),
      () => live && setRenderer('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  // Deferred: typing and dragging stay responsive; the preview catches up when the thread is idle.
  const form = useDeferredValue(useStoreSlice(store, formOf));
  const json = useMemo(() => toFormJson(form), [form]);
  const version = useMemo(() => `preview-${Math.random().toString(36).slice(2)}`, [json]); // eslint-disable-line react-hooks/exhaustive-deps
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
          schema={json.schema as FormJsonSchema}
          uischema={json.ui as UISchemaElement}
          data={{}}
          formVersion={version}
        />
      </PreviewBoundary>
    </Box>
  );
});
