/**
 * The bench page: mounts one renderer (ours, JSON Forms vanilla, or a plain Formik form) on one
 * generated form and exposes measurement hooks on window for bench/run.mjs. Bundled by esbuild in
 * production mode.
 */
import { StrictMode, useState, type ReactNode } from 'react';
import { Button, ChakraProvider, FormLabel, HStack, Heading, Input, Text } from '@chakra-ui/react';
import { Form, Formik, useField } from 'formik';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { JsonForms } from '@jsonforms/react';
import { vanillaCells, vanillaRenderers } from '@jsonforms/vanilla-renderers';
import { createAjv, type JsonSchema, type UISchemaElement as JfUISchemaElement } from '@jsonforms/core';
import { FormRenderer, ajvStats } from '../src/renderer';
import { checklistForm, fieldsForm, tableForm, type BenchForm } from './forms';

interface Fiber {
  tag: number;
  type: unknown;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
  alternate: Fiber | null;
}
/** 'bare': one plain <input>, no framework: the keystroke latency floor of this machine, in the same run. */
type Renderer = 'ours' | 'jsonforms' | 'formik' | 'bare';
declare global {
  interface Window {
    bench: {
      mount(which: Renderer, form: string): Promise<number>;
      countRenders: boolean;
      lastRenders: { all: number; fields: number; names: string[] };
      latencies: number[];
      scriptTimes: number[];
      ajvCompiles(): number;
      /** Mounts the app root (ChakraProvider) the form goes into; mount() does it when not done yet. */
      prepare(): Promise<void>;
      /** Time from the mount's start until no table has rows still to mount (a renderer that mounts rows in batches). */
      settled(): Promise<number>;
      /**
       * Scrolls the page as a user does, jumping to rows far apart and last to the typed-into cell's row,
       * each put in the middle of the screen (a table's row: by its position in the body, whether
       * rendered yet or not). For each jump, the frames until one has the row in the page (1: the
       * frame showing the scroll has it, "there at once" for a windowed table) and the time until that
       * frame; returns the most frames and the median time.
       */
      scrollToTarget(): Promise<{ ms: number; frames: number }>;
      targetSelector: string;
      /** The last mount's render and commit alone (flushSync), before the frame that paints it. */
      lastCommitMs: number;
      /** The last mount until a task posted from the next frame's rAF ran (the mount figure before Element Timing). */
      lastFrameMs: number;
    };
  }
}

const PERFORMED_WORK = 1;
const FUNCTION_TAGS = new Set([0, 11, 14, 15]); // Function, ForwardRef, Memo, SimpleMemo
const nameOf = (t: unknown): string => {
  if (typeof t === 'function') return (t as { displayName?: string; name: string }).displayName ?? t.name;
  if (t && typeof t === 'object') {
    const o = t as { displayName?: string; render?: unknown; type?: unknown };
    return o.displayName ?? nameOf(o.render ?? o.type);
  }
  return '';
};
/** Field-level components of each renderer (one per field; ours renders a table row's cells in its Row). */
const FIELD_COMPONENT =
  /^(TextControl|NumberControl|TextAreaControl|SelectControl|Cell|Row|InputControl|TextCell|NumberCell|DispatchCell|JsonFormsDispatchRenderer|FormikTextField)$/;

const countRendered = (root: Fiber): { all: number; fields: number; names: string[] } => {
  let all = 0;
  let fields = 0;
  const names: string[] = [];
  const stack: Fiber[] = [root];
  while (stack.length) {
    const f = stack.pop() as Fiber;
    if (FUNCTION_TAGS.has(f.tag) && f.alternate !== null && (f.flags & PERFORMED_WORK) === PERFORMED_WORK) {
      all++;
      const n = nameOf(f.type);
      if (FIELD_COMPONENT.test(n)) {
        fields++;
        if (names.length < 20) names.push(n);
      }
    }
    // A subtree React did not enter in this commit keeps its child list (same object as in the previous
    // tree) and the flags of the last render it had: walking it counted components that rendered at
    // some earlier commit (the table's header and buttons, re-rendered once when its edited flag
    // flipped, showed up as 41 components on every later keystroke). React DevTools skips these too.
    if (f.child && (f.alternate === null || f.child !== f.alternate.child)) stack.push(f.child);
    if (f.sibling) stack.push(f.sibling);
  }
  return { all, fields, names };
};

// A DevTools-style commit hook (installed before react-dom loads, see run.mjs) counts rendered fibers.
const hook = (
  window as unknown as {
    __REACT_DEVTOOLS_GLOBAL_HOOK__?: { onCommitFiberRoot: (id: number, root: { current: Fiber }) => void };
  }
).__REACT_DEVTOOLS_GLOBAL_HOOK__;
if (hook) {
  // Summed over every commit until run.mjs resets it before the next keystroke: a keystroke can take
  // more than one commit (JSON Forms renders its fields, then the host's onChange state).
  hook.onCommitFiberRoot = (_id, root) => {
    if (!window.bench?.countRenders) return;
    const r = countRendered(root.current);
    const acc = window.bench.lastRenders;
    acc.all += r.all;
    acc.fields += r.fields;
    acc.names.push(...r.names.slice(0, Math.max(0, 20 - acc.names.length)));
  };
}

let jfCompiles = 0;
const jfAjv = createAjv();
const origCompile = jfAjv.compile.bind(jfAjv);
jfAjv.compile = ((schema: object) => {
  jfCompiles++;
  return origCompile(schema);
}) as typeof jfAjv.compile;
let which: Renderer = 'ours';

const JsonFormsApp = ({ form }: { form: BenchForm }) => {
  const [data, setData] = useState<unknown>(form.data);
  return (
    <JsonForms
      schema={form.schema as JsonSchema}
      uischema={form.uischema as unknown as JfUISchemaElement}
      data={data}
      renderers={vanillaRenderers}
      cells={vanillaCells}
      ajv={jfAjv}
      onChange={({ data: d }) => setData(d)}
    />
  );
};

/**
 * The same fields as Formik forms are usually written (a `useField` input per field, one `validate`
 * for the form, run on every change): the figures behind "the renderer does not use Formik"
 * (mfe-builder/README.md). The checks are the schema's (required, maxLength, pattern), compiled once.
 */
const formikValidate = (form: BenchForm) => {
  const required = new Set(Array.isArray(form.schema.required) ? (form.schema.required as string[]) : []);
  const rules = Object.entries(form.schema.properties ?? {}).map(([name, p]) => ({
    name,
    maxLength: typeof p.maxLength === 'number' ? p.maxLength : undefined,
    pattern: typeof p.pattern === 'string' ? new RegExp(p.pattern) : undefined,
    message: typeof p.errorMessage === 'string' ? p.errorMessage : 'Invalid value',
  }));
  return (values: Record<string, unknown>) => {
    const errors: Record<string, string> = {};
    for (const r of rules) {
      const v = values[r.name];
      const text = v === undefined || v === null ? '' : String(v);
      if (required.has(r.name) && text === '') errors[r.name] = 'Required';
      else if (r.maxLength !== undefined && text.length > r.maxLength) errors[r.name] = 'Too long';
      else if (r.pattern && text !== '' && !r.pattern.test(text)) errors[r.name] = r.message;
    }
    return errors;
  };
};

function FormikTextField({ name, title, number }: { name: string; title: string; number: boolean }) {
  const [field, meta] = useField<string | number>(name);
  return (
    <div>
      <label htmlFor={`fk-${name}`}>{title}</label>
      <input id={`fk-${name}`} type={number ? 'number' : 'text'} {...field} value={field.value ?? ''} />
      {meta.error ? <span role="alert">{meta.error}</span> : null}
    </div>
  );
}

const FormikApp = ({ form }: { form: BenchForm }) => (
  <Formik initialValues={form.data} validate={formikValidate(form)} onSubmit={() => undefined}>
    <Form>
      {Object.entries(form.schema.properties ?? {}).map(([name, p]) => (
        <FormikTextField
          key={name}
          name={name}
          title={String(p.title ?? name)}
          number={p.type === 'number'}
        />
      ))}
    </Form>
  </Formik>
);

const forms: Record<string, () => BenchForm> = {
  f500: () => fieldsForm(500),
  f1000: () => fieldsForm(1000),
  table: () => tableForm(100, 5),
  table300: () => tableForm(300, 8),
  table1000: () => tableForm(1000, 10),
  checklist200: () => checklistForm(200, false),
  checklist200s: () => checklistForm(200, true),
};

/**
 * What the shell has drawn before any form opens (its header, Home's headings, search box, tabs and
 * buttons) in the theme's fonts. Its first text in each face pays the browser's font matching (one
 * lookup per family of the theme's stack, weight and style: ~10 ms on this machine), which a form
 * opened from Home never pays; here it is paid before the clock, for every renderer alike.
 */
const ShellChrome = () => (
  <HStack as="header" spacing={3} px={4} py={2} borderBottomWidth="1px">
    <Heading size="sm">Checklists</Heading>
    <Text fontSize="sm">Assigned</Text>
    <Text fontSize="xs" fontWeight="medium">
      Drafts
    </Text>
    <FormLabel htmlFor="bench-search" m={0} fontSize="sm">
      Search
    </FormLabel>
    <Input id="bench-search" size="sm" w="10rem" defaultValue="forms" />
    <Button size="xs">New</Button>
    <Button size="sm" variant="outline">
      Sign out
    </Button>
  </HStack>
);

/**
 * The page's app root: a ChakraProvider (its theme variables and global styles) and the shell's
 * chrome, holding whichever form is mounted. In the product the form screen opens inside the remote's
 * ChakraProvider, mounted long before; here it is mounted before the clock starts, for every renderer,
 * so "mount" is the form's own.
 */
let setContent: (content: ReactNode) => void = () => undefined;
/** The screen's content: its own state, so mounting a form re-renders neither the provider nor the chrome. */
const Content = () => {
  const [content, set] = useState<ReactNode>(null);
  setContent = set;
  return <>{content}</>;
};
const AppRoot = () => (
  <ChakraProvider>
    <ShellChrome />
    <Content />
  </ChakraProvider>
);

const nextFrame = (): Promise<void> =>
  new Promise((resolve) =>
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => resolve();
      ch.port2.postMessage(0);
    }),
  );

// Keystroke -> next frame: from the keydown's timestamp to after the frame following the input.
let pendingKey: number | undefined;
let scriptStart: number | undefined;
window.addEventListener(
  'keydown',
  (e) => {
    pendingKey = e.timeStamp;
    scriptStart = e.timeStamp;
  },
  true,
);
// Bubble phase on window runs after React's root listener: the script time of the keystroke.
window.addEventListener('input', () => {
  if (scriptStart !== undefined) window.bench.scriptTimes.push(performance.now() - scriptStart);
  scriptStart = undefined;
});
window.addEventListener(
  'input',
  () => {
    const start = pendingKey;
    pendingKey = undefined;
    if (start === undefined) return;
    void nextFrame().then(() => window.bench.latencies.push(performance.now() - start));
  },
  true,
);

let mountSeq = 0;
/** When the element with `elementtiming={name}` was painted (Element Timing: the frame's presentation time). */
const paintOf = (name: string): Promise<number> =>
  new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        identifier: string;
        renderTime: number;
        loadTime: number;
      })[]) {
        if (e.identifier !== name) continue;
        observer.disconnect();
        resolve(e.renderTime || e.loadTime);
      }
    });
    observer.observe({ type: 'element', buffered: true });
  });

let allRows: Promise<number> = Promise.resolve(NaN);
let currentTarget = '';
let prepared = false;

window.bench = {
  async prepare() {
    if (prepared) return;
    prepared = true;
    const root = createRoot(document.getElementById('root') as HTMLElement);
    flushSync(() =>
      root.render(
        <StrictMode>
          <AppRoot />
        </StrictMode>,
      ),
    );
    await nextFrame();
  },
  settled: () => allRows,
  async scrollToTarget() {
    const selector = window.bench.targetSelector;
    const target = /\.(\d+)\./.exec(currentTarget)?.[1];
    const body = document.querySelector('table tbody');
    const times: number[] = [];
    let frames = 0;
    // A jump to `row` (a fraction of the table, last the target's row), or to the field itself.
    const jump = async (row: number | undefined, drawn: string): Promise<void> => {
      await nextFrame();
      const t0 = performance.now();
      if (row !== undefined && body) {
        const first = body.querySelector('tr');
        const h = first?.getBoundingClientRect().height || 41;
        const top = body.getBoundingClientRect().top + row * h;
        window.scrollTo(0, window.scrollY + top - window.innerHeight / 2);
      } else document.querySelector(selector)?.scrollIntoView({ block: 'center' });
      // After each frame (its rAF callbacks, a windowed table's included, then paint): is the row there?
      let n = 0;
      do {
        await nextFrame();
        n++;
      } while (!document.querySelector(drawn) && n < 60);
      times.push(performance.now() - t0);
      frames = Math.max(frames, n);
    };
    if (target !== undefined && body) {
      const total = body.querySelectorAll(':scope > tr').length;
      const rows = Math.max(
        total,
        Number(document.querySelector('table')?.getAttribute('aria-rowcount') ?? 1) - 1,
      );
      for (const f of [0.9, 0.1, 0.75, 0.25]) {
        const row = Math.floor(f * rows);
        // Ours marks rows with data-row; JSON Forms renders every row in order.
        await jump(row, which === 'ours' ? `tr[data-row="${row}"]` : `tbody > tr:nth-child(${row + 1})`);
      }
      await jump(Number(target), selector);
    } else await jump(undefined, selector);
    const sorted = [...times].sort((a, b) => a - b);
    return { ms: sorted[Math.floor(sorted.length / 2)] ?? NaN, frames };
  },
  countRenders: false,
  lastRenders: { all: 0, fields: 0, names: [] },
  latencies: [],
  scriptTimes: [],
  targetSelector: '',
  lastCommitMs: NaN,
  lastFrameMs: NaN,
  // Formik validates with its own function (no Ajv): 0.
  ajvCompiles: () => (which === 'ours' ? ajvStats.compiles : which === 'jsonforms' ? jfCompiles : 0),
  async mount(w, key) {
    which = w;
    const form = (forms[key] as () => BenchForm)();
    await window.bench.prepare();
    const t0 = performance.now();
    const painted = paintOf(`bench-${++mountSeq}`);
    flushSync(() =>
      setContent(
        <>
          {/* Painted in the same frame as the form (one commit): its Element Timing entry is the frame's. */}
          <p
            key={mountSeq}
            {...{ elementtiming: `bench-${mountSeq}` }}
            style={{ fontSize: '10px', margin: 0 }}
          >
            {w} {key}
          </p>
          {w === 'bare' ? (
            <input id="bench-bare" aria-label="bare input" defaultValue="value" />
          ) : w === 'ours' ? (
            <FormRenderer
              schema={form.schema}
              uischema={form.uischema}
              data={form.data}
              formVersion={`bench-${key}`}
            />
          ) : w === 'formik' ? (
            <FormikApp form={form} />
          ) : (
            <JsonFormsApp form={form} />
          )}
        </>,
      ),
    );
    window.bench.lastCommitMs = performance.now() - t0;
    await nextFrame();
    const frameMs = performance.now() - t0;
    window.bench.lastFrameMs = frameMs;
    const mountMs = (await painted) - t0;
    // When the last row is in the page: at once when nothing is left to mount (a form without long
    // tables, JSON Forms), else at the DOM change that removed the last table's pending marker.
    allRows = new Promise((resolve) => {
      const pending = () => document.querySelector('[data-rows-pending]') !== null;
      if (!pending()) return resolve(mountMs);
      const observer = new MutationObserver(() => {
        if (pending()) return;
        observer.disconnect();
        resolve(performance.now() - t0);
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    window.bench.targetSelector = targetSelector(w, form);
    currentTarget = w === 'bare' ? '' : form.target;
    return mountMs;
  },
};

/** The input typed into: ours by id, JSON Forms by its control id. */
const targetSelector = (w: Renderer, form: BenchForm): string => {
  if (w === 'bare') return '#bench-bare';
  if (w === 'ours') return `[id$="-${form.target}"]`;
  if (w === 'formik') return `#fk-${form.target}`;
  const parts = form.target.split('.');
  if (parts.length === 1) return `#\\#\\/properties\\/${parts[0]}-input`;
  // JSON Forms vanilla table: row index + column name -> nth row, cell input.
  const [, row, col] = parts;
  return `table tbody tr:nth-child(${Number(row) + 1}) td:nth-child(${Number((col ?? 'C1').slice(1))}) input`;
};
