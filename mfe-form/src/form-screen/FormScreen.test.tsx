import 'test-kit/jsdom-setup';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { API_ALLOWANCE_TEXTS, MESSAGES } from 'shared-contracts';
import { formatDateTime } from 'form-core';
import type { DeliveryOutcome, FileMeta, FormDefinition, LocalSubmission } from 'shared-contracts';
import { apiError, callsOf, fakeHost, settable, USER, type FakeHost, type Settable } from 'test-kit';
import { FormScreenRoute } from './index';

const CREATED_TEXT = formatDateTime('2026-11-22T08:15:00.000Z', { timeZone: 'America/New_York' });

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const LOGO = 'data:image/png;base64,iVBORw0KGgo=';

const formDef: FormDefinition = {
  formName: 'Site Check',
  version: '2.0.0',
  styles: { header: { logo: LOGO } },
  schema: {
    type: 'object',
    properties: {
      General: {
        type: 'object',
        properties: { Note: { type: 'string', title: 'Note' }, Site: { type: 'string', title: 'Site' } },
        required: ['Site'],
      },
    },
  },
  ui: {
    type: 'VerticalLayout',
    elements: [
      { type: 'Control', scope: '#/properties/General/properties/Site', label: 'Site' },
      { type: 'Control', scope: '#/properties/General/properties/Note', label: 'Note' },
    ],
  },
} as unknown as FormDefinition;

const submission = (over: Partial<LocalSubmission> = {}): LocalSubmission => ({
  id: ID,
  data: { General: { Site: 'Plant 1' } },
  originalData: {},
  syncStatus: 'out of sync',
  status: 'in progress',
  isUploading: false,
  formName: 'Site Check',
  formId: 'a0F000000000001AAA',
  formDef,
  createdOn: '2026-11-22T08:15:00.000Z',
  syncedOn: '',
  submittedOn: '',
  version: 1,
  error: [],
  errors: [],
  instanceUrl: '',
  organizationId: '',
  isSalesforceRecord: false,
  ...over,
});

interface Setup {
  host: FakeHost;
  record: Settable<LocalSubmission | undefined>;
  files: Settable<FileMeta[]>;
  /** What the host tells of this submission's delivery. */
  delivery: Settable<DeliveryOutcome>;
  finished: unknown[][];
  closed: unknown[][];
  user: ReturnType<typeof userEvent.setup>;
}

function setup(
  path: string,
  opts: {
    sub?: LocalSubmission | undefined;
    canvas?: boolean;
    configure?: (h: FakeHost) => void;
    /** What the host's deliverNow answers (default: the outcome told so far, as the fake host does). */
    deliverNow?: DeliveryOutcome;
    submitTimeoutMs?: number;
  } = {},
): Setup {
  const host = fakeHost();
  const record = settable<LocalSubmission | undefined>('sub' in opts ? opts.sub : submission());
  const files = settable<FileMeta[]>([]);
  host.offline.submission = () => record;
  host.offline.fileList = () => files;
  const write = (name: string, status?: LocalSubmission['status']) => async (id: string, data: unknown) => {
    host.calls.push([name, id, data]);
    const cur = record.get() ?? submission();
    const next = { ...cur, data: data as Record<string, unknown>, ...(status ? { status } : {}) };
    record.set(next);
    return { ok: true as const, value: next };
  };
  host.offline.submit = write('offline.submit', 'submitted');
  host.offline.close = write('offline.close');
  host.offline.save = write('offline.save');
  host.offline.discard = async (id: string) => {
    host.calls.push(['offline.discard', id]);
    record.set(undefined);
    return { ok: true as const, value: undefined };
  };
  host.routes.set('GET /api/checkUserDetails', () => ({ ok: true }));
  const delivery = host.offline.delivery(ID) as Settable<DeliveryOutcome>;
  if (opts.deliverNow) {
    const answer = opts.deliverNow;
    host.offline.deliverNow = async (id: string) => {
      host.calls.push(['offline.deliverNow', id]);
      delivery.set(answer);
      return answer;
    };
  }
  opts.configure?.(host);
  const user = userEvent.setup();
  const finished: unknown[][] = [];
  const closed: unknown[][] = [];
  const canvasProps = opts.canvas
    ? {
        onFinished: (s: LocalSubmission, r?: { url?: string | null }) => finished.push([s.id, r]),
        onClosed: (s: LocalSubmission) => closed.push([s.id]),
      }
    : {};
  render(
    <ChakraProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/form/:formid"
            element={
              <FormScreenRoute
                host={host}
                canvasMode={opts.canvas}
                {...canvasProps}
                {...(opts.submitTimeoutMs ? { submitTimeoutMs: opts.submitTimeoutMs } : {})}
              />
            }
          />
          <Route path="/filename" element={<FormScreenRoute host={host} />} />
        </Routes>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return { host, record, files, delivery, finished, closed, user };
}

const ready = () => screen.findByTestId('form-name');
const button = (name: string) => screen.queryByRole('button', { name });

afterEach(() => {
  cleanup();
  document.querySelectorAll('[data-testid="snackbar"]').forEach((e) => e.remove());
});

describe('form screen', () => {
  it('an id that is not 36 characters: the mismatch message with a go-back link', async () => {
    setup('/form/not-an-id');
    expect(await screen.findByText(MESSAGES.submissionNotFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back' })).toBeTruthy();
  });

  it('a well-formed id with no local record: the same message', async () => {
    setup(`/form/${ID}`, { sub: undefined });
    expect(await screen.findByText(MESSAGES.submissionNotFound, undefined, { timeout: 6000 })).toBeTruthy();
  }, 10_000);

  it("a definition the org cannot give now says why, not 'Couldn't find': the allowance spent, then Try again opens it", async () => {
    let refuse = true;
    const { user } = setup(`/form/${ID}`, {
      sub: submission({ formDef: undefined }),
      configure: (h) =>
        h.routes.set('GET /api/schema', () => {
          if (refuse) throw apiError(503, `${MESSAGES.serverErrorPrefix}${API_ALLOWANCE_TEXTS.spent}`);
          return { formDef };
        }),
    });
    expect(await screen.findByText(API_ALLOWANCE_TEXTS.spent)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.submissionNotFound)).toBeNull();
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await ready()).textContent).toBe('Site Check');
  });

  it("a definition the org gives as a string shows that text (spec section 8), not 'Couldn't find'", async () => {
    setup(`/form/${ID}`, {
      sub: submission({ formDef: 'Form not set up yet' }),
      configure: (h) => h.routes.set('GET /api/schema', () => ({ formDef: 'Form not set up yet' })),
    });
    expect(await screen.findByText('Form not set up yet')).toBeTruthy();
    expect(screen.queryByText(MESSAGES.submissionNotFound)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go back' })).toBeTruthy();
  });

  it("a definition with no schema is 'Schema error in server'", async () => {
    setup(`/form/${ID}`, {
      sub: submission({ formDef: undefined }),
      configure: (h) => h.routes.set('GET /api/schema', () => ({ formDef: { ui: {} } })),
    });
    expect(await screen.findByText(MESSAGES.schemaError)).toBeTruthy();
  });

  it('no network for the definition: Cannot connect to Internet, with Try again and Go back', async () => {
    setup(`/form/${ID}`, {
      sub: submission({ formDef: undefined }),
      configure: (h) =>
        h.routes.set('GET /api/schema', () => {
          throw apiError(0, MESSAGES.networkError, true);
        }),
    });
    expect(await screen.findByText(MESSAGES.cannotConnectToInternet)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back' })).toBeTruthy();
  });

  it('header with logo, form name and created date; footer Save, Close, Discard', async () => {
    setup(`/form/${ID}`);
    expect((await ready()).textContent).toBe('Site Check');
    expect(screen.getByTestId('form-logo').getAttribute('src')).toBe(LOGO);
    // the same words as home and print: the browser's locale, the user's time zone (fake host: New York)
    expect(screen.getByTestId('form-created').textContent).toBe(`Created ${CREATED_TEXT}`);
    expect(button('Save')).toBeTruthy();
    expect(button('Close')).toBeTruthy();
    expect(button('Discard')).toBeTruthy();
  });

  it('no Discard for an org record or in canvas mode; read-only views show only Close', async () => {
    setup(`/form/${ID}`, { sub: submission({ isSalesforceRecord: true }) });
    await ready();
    expect(button('Discard')).toBeNull();
    cleanup();
    setup(`/form/${ID}`, { canvas: true });
    await ready();
    expect(button('Discard')).toBeNull();
    cleanup();
    setup(`/form/${ID}?mode=readOnly`);
    await ready();
    expect([button('Save'), button('Discard'), button('Close')].map((b) => !!b)).toEqual([
      false,
      false,
      true,
    ]);
    cleanup();
    setup(`/form/selected-submission?id=${ID}`);
    await ready();
    expect([button('Save'), button('Discard'), button('Close')].map((b) => !!b)).toEqual([
      false,
      false,
      true,
    ]);
    expect((screen.getByLabelText(/Site/) as HTMLInputElement).readOnly).toBe(true);
  });

  it('Discard asks first; Cancel keeps the form, Discard deletes it and goes home', async () => {
    const { host, user } = setup(`/form/${ID}`);
    await ready();
    await user.click(button('Discard')!);
    expect(await screen.findByText(MESSAGES.discardConfirm)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(MESSAGES.discardConfirm)).toBeNull());
    expect(callsOf(host, 'offline.discard')).toEqual([]);
    await user.click(button('Discard')!);
    const dialog = await screen.findByRole('dialog');
    await user.click(dialog.querySelector('button.chakra-button:last-child') as HTMLElement);
    await waitFor(() => expect(callsOf(host, 'navigate')).toEqual([['navigate', '/']]));
    expect(callsOf(host, 'offline.discard')).toEqual([['offline.discard', ID]]);
  });

  it('Save with a required field empty: the numbered validation alert, nothing submitted', async () => {
    const { host, user } = setup(`/form/${ID}`, { sub: submission({ data: { General: {} } }) });
    await ready();
    await user.click(button('Save')!);
    expect(await screen.findByText(MESSAGES.fixFieldValidation)).toBeTruthy();
    expect(screen.getByText('Site is missing required fields')).toBeTruthy();
    expect(callsOf(host, 'offline.submit')).toEqual([]);
  });

  it('Save when the submission already has server errors: Please fix the errors before submitting', async () => {
    const errors = [{ errorPath: 'General/Site', message: 'Site is closed' }];
    const { host, user } = setup(`/form/${ID}`, { sub: submission({ errors }) });
    await ready();
    expect(screen.getByTestId('identified-errors').textContent).toContain('Site is closed');
    expect(screen.getAllByText('Site is closed').length).toBeGreaterThan(1); // banner and field
    await user.click(button('Save')!);
    expect(await screen.findByText(MESSAGES.fixErrorsBeforeSubmitting)).toBeTruthy();
    expect(callsOf(host, 'offline.submit')).toEqual([]);
    // Fixing the field lifts the block.
    await user.clear(screen.getByLabelText(/Site/));
    await user.type(screen.getByLabelText(/Site/), 'Plant 2');
    await user.click(button('Save')!);
    await waitFor(() => expect(callsOf(host, 'offline.submit').length).toBe(1));
  });

  it('Save online: stored locally first, sent now by the host; its files going up, then the success dialog', async () => {
    const { host, delivery, user } = setup(`/form/${ID}`);
    await ready();
    await user.type(screen.getByLabelText(/Note/), 'all good');
    await user.click(button('Save')!);
    await waitFor(() => expect(callsOf(host, 'offline.submit').length).toBe(1));
    const [, id, data] = callsOf(host, 'offline.submit')[0]!;
    expect(id).toBe(ID);
    expect(data).toEqual({ General: { Site: 'Plant 1', Note: 'all good' } });
    await waitFor(() => expect(callsOf(host, 'offline.deliverNow')).toEqual([['offline.deliverNow', ID]]));
    act(() => delivery.set({ kind: 'uploading', version: 1, progress: 40 }));
    expect(await screen.findByText(MESSAGES.uploadingFile)).toBeTruthy();
    act(() => delivery.set({ kind: 'delivered', version: 1, url: 'https://org/a0X1' }));
    expect(await screen.findByText(MESSAGES.formSubmittedDialog)).toBeTruthy();
    const dialog = screen.getByTestId('success-dialog');
    expect(dialog.textContent).toContain(MESSAGES.successfullySubmitted);
    await user.click(dialog.querySelector('button') as HTMLElement);
    expect(callsOf(host, 'navigate').at(-1)).toEqual(['navigate', '/']);
  });

  it('an outcome of an earlier version is not this submit’s: it waits for its own', async () => {
    const { delivery, user } = setup(`/form/${ID}`, { sub: submission({ version: 4 }) });
    await ready();
    act(() => delivery.set({ kind: 'refused', version: 3, errors: [{ message: 'old' }] }));
    await user.click(button('Save')!);
    expect(await screen.findByTestId('submitting')).toBeTruthy();
    expect(screen.queryByText(MESSAGES.submitFailedWithErrors)).toBeNull();
    act(() => delivery.set({ kind: 'delivered', version: 4, url: 'u' }));
    expect(await screen.findByText(MESSAGES.formSubmittedDialog)).toBeTruthy();
  });

  it('Save offline: queued with the offline message, and home', async () => {
    const { host, user } = setup(`/form/${ID}`);
    await ready();
    act(() => host.onlineState.set(false));
    await user.click(button('Save')!);
    await waitFor(() => expect(callsOf(host, 'navigate')).toEqual([['navigate', '/']]));
    expect(callsOf(host, 'offline.submit').length).toBe(1);
    expect(callsOf(host, 'offline.deliverNow')).toEqual([]);
    expect(document.querySelector('[data-testid="snackbar"]')?.textContent).toBe(MESSAGES.submitQueued);
  });

  it('Save online but Network Error on the way: the host says queued; the offline message, and home', async () => {
    const { host, user } = setup(`/form/${ID}`, {
      deliverNow: { kind: 'queued', version: 1, message: MESSAGES.networkError },
    });
    await ready();
    await user.click(button('Save')!);
    await waitFor(() => expect(callsOf(host, 'navigate')).toEqual([['navigate', '/']]));
    expect(document.querySelector('[data-testid="snackbar"]')?.textContent).toBe(MESSAGES.submitQueued);
  });

  it('no answer in time: queued, and home (the host keeps sending it)', async () => {
    const { host, user } = setup(`/form/${ID}`, {
      submitTimeoutMs: 50,
      configure: (h) => {
        h.offline.deliverNow = () => new Promise<DeliveryOutcome>(() => undefined);
      },
    });
    await ready();
    await user.click(button('Save')!);
    await waitFor(() => expect(callsOf(host, 'navigate')).toEqual([['navigate', '/']]));
    expect(document.querySelector('[data-testid="snackbar"]')?.textContent).toBe(MESSAGES.submitQueued);
  });

  it('a submission the org refuses comes back with its errors on the fields and the exact text', async () => {
    const errors = [{ errorPath: 'General/Site', message: 'Unknown site' }];
    const { user } = setup(`/form/${ID}`, { deliverNow: { kind: 'refused', version: 1, errors } });
    await ready();
    await user.click(button('Save')!);
    expect(await screen.findByText(MESSAGES.submitFailedWithErrors)).toBeTruthy();
    expect(screen.getAllByText('Unknown site').length).toBe(2);
  });

  it('canvas mode: sent through the host (no second sender); delivered tells the record page finished with the url', async () => {
    const { host, finished, user } = setup(`/form/${ID}`, {
      canvas: true,
      deliverNow: { kind: 'delivered', version: 1, url: 'https://org/a0X1' },
    });
    await ready();
    await user.click(button('Save')!);
    await waitFor(() => expect(finished).toEqual([[ID, { url: 'https://org/a0X1' }]]));
    expect(callsOf(host, 'offline.deliverNow')).toEqual([['offline.deliverNow', ID]]);
    expect(host.calls.filter((c) => c[0] === 'api.post')).toEqual([]);
  });

  it("canvas mode, the org refuses it: the org's errors listed and on the fields (not an empty banner)", async () => {
    const errors = [{ errorPath: 'General/Site', message: 'Site must be a plant' }];
    const { finished, user } = setup(`/form/${ID}`, {
      canvas: true,
      deliverNow: { kind: 'refused', version: 1, errors },
    });
    await ready();
    await user.click(button('Save')!);
    const banner = await screen.findByTestId('identified-errors');
    await waitFor(() => expect(banner.textContent).toContain(MESSAGES.submitFailedWithErrors));
    expect(banner.querySelectorAll('li')).toHaveLength(1);
    expect(screen.getAllByText('Site must be a plant').length).toBe(2); // banner and field
    expect(finished).toEqual([]);
  });

  it('canvas mode, queued (offline or Network Error): the record page is told finished, not closed', async () => {
    const queued = setup(`/form/${ID}`, {
      canvas: true,
      deliverNow: { kind: 'queued', version: 1, message: MESSAGES.networkError },
    });
    await ready();
    await queued.user.click(button('Save')!);
    await waitFor(() => expect(queued.finished).toEqual([[ID, undefined]]));
    expect(queued.closed).toEqual([]);
    expect(document.querySelector('[data-testid="snackbar"]')?.textContent).toBe(MESSAGES.submitQueued);
    cleanup();
    const offline = setup(`/form/${ID}`, { canvas: true });
    await ready();
    act(() => offline.host.onlineState.set(false));
    await offline.user.click(button('Save')!);
    await waitFor(() => expect(offline.finished).toEqual([[ID, undefined]]));
    expect(offline.closed).toEqual([]);
  });

  it('Close saves the draft and goes home; leaving with edits (browser back) saves it too', async () => {
    const { host, user } = setup(`/form/${ID}`);
    await ready();
    await user.type(screen.getByLabelText(/Note/), 'x');
    await user.click(button('Close')!);
    await waitFor(() => expect(callsOf(host, 'navigate')).toEqual([['navigate', '/']]));
    expect(callsOf(host, 'offline.close')[0]?.[2]).toEqual({ General: { Site: 'Plant 1', Note: 'x' } });
    const snackbar = () => document.querySelector('[data-testid="snackbar"]')?.textContent;
    expect(snackbar()).toBe(MESSAGES.changesSaved);
    cleanup();
    document.querySelectorAll('[data-testid="snackbar"]').forEach((e) => e.remove());
    const second = setup(`/form/${ID}`);
    await ready();
    await second.user.type(screen.getByLabelText(/Note/), 'y');
    await waitFor(() => expect((screen.getByLabelText(/Note/) as HTMLInputElement).value).toBe('y'));
    const event = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent;
    let prevented = false;
    event.preventDefault = () => {
      prevented = true;
    };
    window.dispatchEvent(event);
    expect(prevented).toBe(true);
    cleanup(); // unmount = navigation away
    expect(callsOf(second.host, 'offline.close')[0]?.[2]).toEqual({
      General: { Site: 'Plant 1', Note: 'y' },
    });
    await waitFor(() => expect(snackbar()).toBe(MESSAGES.changesSaved));
  });

  it('the device lock saves the draft being filled first and leaves the screen as it was (issue 45)', async () => {
    const { host, user } = setup(`/form/${ID}`);
    await ready();
    // nothing typed: nothing to save
    await host.lockNow();
    expect(callsOf(host, 'offline.save')).toEqual([]);
    await user.type(screen.getByLabelText(/Note/), 'before the lock');
    await act(() => host.lockNow());
    expect(callsOf(host, 'offline.save')).toEqual([
      ['offline.save', ID, { General: { Site: 'Plant 1', Note: 'before the lock' } }],
    ]);
    expect(callsOf(host, 'navigate')).toEqual([]);
    expect((screen.getByLabelText(/Note/) as HTMLInputElement).value).toBe('before the lock');
    // saved: the next lock has nothing new to save, and leaving saves nothing again
    await act(() => host.lockNow());
    expect(callsOf(host, 'offline.save')).toHaveLength(1);
    cleanup();
    expect(callsOf(host, 'offline.close')).toEqual([]);
    // the screen gone: the lock no longer calls it
    await host.lockNow();
    expect(callsOf(host, 'offline.save')).toHaveLength(1);
  });

  it('a lock right after a keystroke saves it: the renderer tells the screen only after the next frame', async () => {
    const { host } = setup(`/form/${ID}`);
    await ready();
    // the change and the lock in one task: the renderer's after-frame notice has not run yet
    await act(() => {
      fireEvent.change(screen.getByLabelText(/Note/), { target: { value: 'typed just now' } });
      return host.lockNow();
    });
    expect(callsOf(host, 'offline.save')).toEqual([
      ['offline.save', ID, { General: { Site: 'Plant 1', Note: 'typed just now' } }],
    ]);
  });

  it('loads by file name through /api/content/{fileName}', async () => {
    setup('/filename?fileName=FS-1.json&mode=readOnly', {
      sub: undefined,
      configure: (h) =>
        h.routes.set('GET /api/content/FS-1.json', () => ({
          id: ID,
          formId: 'a0F000000000001AAA',
          formName: 'Site Check',
          formDef,
          data: { General: { Site: 'From file' } },
        })),
    });
    await screen.findByTestId('form-name', undefined, { timeout: 4000 });
    expect((screen.getByLabelText(/Site/) as HTMLInputElement).value).toBe('From file');
    expect(button('Save')).toBeNull();
  });

  it('Print shows the print view with header and subheader', async () => {
    setup(`/form/${ID}?view=print`);
    expect((await screen.findByTestId('print-view')).textContent).toContain('Site Check');
    expect(screen.getByTestId('print-subheader').textContent).toBe(
      `Created ${CREATED_TEXT} · Status in progress`,
    );
    expect(screen.getByTestId('print-logo').getAttribute('src')).toBe(LOGO);
  });
});

describe("the user's language (issue 44)", () => {
  const translated: FormDefinition = {
    ...formDef,
    languages: { version: 1, default: 'en', declared: ['es'] },
    translations: { es: { 'field:General.Site:label': 'Sitio' } },
  };
  const asUser = (LanguageLocaleKey: string | undefined) => (h: FakeHost) =>
    h.sessionState.set({ ...USER, userDetails: { ...USER.userDetails, LanguageLocaleKey } });

  it('a Spanish (Mexico) user sees the Spanish labels, the untranslated ones in English', async () => {
    setup(`/form/${ID}`, { sub: submission({ formDef: translated }), configure: asUser('es_MX') });
    await ready();
    expect(screen.getByLabelText(/^Sitio/)).toBeTruthy();
    expect(screen.getByLabelText(/^Note/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Site/)).toBeNull();
  });

  it('an English user sees the form as written', async () => {
    setup(`/form/${ID}`, { sub: submission({ formDef: translated }), configure: asUser('en_US') });
    await ready();
    expect(screen.getByLabelText(/^Site/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Sitio/)).toBeNull();
  });
});

describe('a checklist whose documents bring no questions (review N11)', () => {
  const checklistDef = (): FormDefinition => ({
    ...formDef,
    queries: [
      {
        type: 'DOCUMENTS',
        key: 'DOC1',
        sectionId: 'section-1',
        objectType: 'cqext__SQX_Controlled_Document__c',
        fields: ['Id', 'Name'],
        filter: { field: 'Name', operator: 'eq', value: 'DOC-0001' },
      },
    ],
  });

  it("says 'document criteria not set up correctly' when the org's document has no section with a question", async () => {
    setup(`/form/${ID}`, {
      sub: submission({ formDef: checklistDef() }),
      configure: (h) =>
        h.routes.set('POST /api/startingData', () => ({
          startingData: { DOC1: [{ Id: 'DOC1', Name: 'DOC-0001' }] },
          lookupCacheData: {},
        })),
    });
    await ready();
    expect((await screen.findByTestId('document-criteria')).textContent).toBe(MESSAGES.documentCriteria);
  });

  it('says nothing of the kind when the questions came, or nothing was read yet (offline)', async () => {
    const question = {
      Id: 'Q1',
      cqext__Question__c: 'Exits clear?',
      cqext__Options__c: 'Pass',
      cqext__Section__c: 'S1',
    };
    setup(`/form/${ID}`, {
      sub: submission({ formDef: checklistDef() }),
      configure: (h) =>
        h.routes.set('POST /api/startingData', () => ({
          startingData: {
            DOC1: [
              {
                Id: 'DOC1',
                cqext__Sections__r: { records: [{ Id: 'S1', cqext__Section_Title__c: 'General' }] },
                cqext__Questions__r: { records: [question] },
              },
            ],
          },
          lookupCacheData: {},
        })),
    });
    await ready();
    expect(await screen.findByText('Exits clear?')).toBeTruthy();
    expect(screen.queryByTestId('document-criteria')).toBeNull();
    cleanup();
    setup(`/form/${ID}`, {
      sub: submission({ formDef: checklistDef() }),
      configure: (h) => h.onlineState.set(false),
    });
    await ready();
    expect(screen.queryByTestId('document-criteria')).toBeNull();
  });
});
