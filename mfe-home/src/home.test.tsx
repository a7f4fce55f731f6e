import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraLayer } from './chakra-parts';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type OutboxItem } from 'shared-contracts';
import { formatDateTime } from 'form-core';
import { HomeScreen, NARROW_QUERY } from './HomeScreen';
import { HOME_TEXTS } from './texts';
import { apiError, callsOf, fakeHost, USER, type FakeHost } from 'test-kit';
import { activateLanguage } from 'ui-kit/i18n';
import { CATALOGS } from './i18n/catalogs';
import { forms, submission, TASKS } from './test/fixtures';
import type { AssignedTask, FormListItem } from './model';

/** What an earlier visit left on the device (the host keeps it in the user's store). */
let earlier: { tasks?: AssignedTask[]; forms?: FormListItem[]; syncedOn?: string } = {};
const listOf = <T,>(items: T[]) => ({ items, loading: false, failed: false });

function setup(configure?: (host: FakeHost) => void, path = '/') {
  const host = fakeHost();
  if (earlier.tasks) host.keptTasks.set(listOf(earlier.tasks));
  if (earlier.forms) host.keptForms.set(listOf(earlier.forms));
  if (earlier.syncedOn) host.syncedOnState.set(earlier.syncedOn);
  host.routes.set('GET /api/searchQuery/', () => ({ totalSize: 3, done: true, records: TASKS }));
  host.routes.set('GET /api/forms', () => forms(25));
  host.routes.set('GET /api/schema', (q) => ({ Id: q?.recordId, Name: 'x', formDef: { schema: {} } }));
  host.routes.set('GET /api/scheduledSubmissions', () => []);
  host.routes.set('GET /api/search', (q) =>
    forms(25).filter((f) => f.Name.includes(String(q?.search).toUpperCase())),
  );
  configure?.(host);
  const user = userEvent.setup();
  window.history.replaceState(null, '', path);
  const view = render(<HomeScreen host={host} />);
  return { host, user, view };
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');

// Home's Chakra layer loads after the first screen (chakra-parts.tsx): its code is fetched once
// here, so a test's toast or dialog waits no longer than it would in the browser after idle.
beforeAll(() => ChakraLayer.preload(), 60_000);
beforeEach(() => {
  window.localStorage.clear();
  earlier = {};
});
afterEach(cleanup);

describe('home screen', () => {
  it('has the header, the four tabs in the spec order with counts, and opens on In Progress', async () => {
    const { host } = setup((h) =>
      h.submissionsState.set([submission(), submission({ status: 'submitted' }), submission()]),
    );
    expect(screen.getByRole('heading', { name: 'checklists' })).toBeTruthy();
    expect(screen.getByTestId('synced-on').textContent).toMatch(/^Synced on /);
    expect(document.querySelector('[data-remote="mfe-home"]')?.getAttribute('data-testid')).toBe(
      'remote-screen',
    );
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    await waitFor(() => expect(screen.getByTestId('count-forms').textContent).toBe('20'));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Assigned3',
      'In Progress2',
      'Submitted1',
      'Forms20',
    ]);
    expect(tabs.length).toBe(4);
    expect(tab(/In Progress/).getAttribute('aria-selected')).toBe('true');
    // the host imports the org's pending records (issue 41.3): home only shows the store
    expect(callsOf(host, 'offline.importPending')).toEqual([]);
  });

  it('on narrow screens the tabs are a selector with the same tabs and counts', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query === NARROW_QUERY,
    })) as typeof window.matchMedia;
    try {
      const { user } = setup((h) => h.submissionsState.set([submission()]));
      const select = screen.getByLabelText('Choose a list');
      await waitFor(() =>
        expect(
          within(select)
            .getAllByRole('option')
            .map((o) => o.textContent),
        ).toEqual(['Assigned (3)', 'In Progress (1)', 'Submitted (0)', 'Forms (20)']),
      );
      expect(screen.queryAllByRole('tab')).toEqual([]);
      expect((select as HTMLSelectElement).value).toBe('1');
      await user.selectOptions(select, '2');
      expect(screen.getByText(MESSAGES.submittedBanner)).toBeTruthy();
    } finally {
      window.matchMedia = original;
    }
  });

  it('in-progress cards: newest first, up to 4 field values, live updates, Launch opens the form', async () => {
    const older = submission({
      formName: 'Older',
      createdOn: '2026-01-01T00:00:00.000Z',
      data: { General: { a: 'A', b: 2, c: true, d: 'D', e: 'E' } },
      formDef: {
        schema: {
          properties: {
            General: {
              properties: {
                a: { title: 'Site' },
                b: { type: 'number' },
                c: { type: 'boolean', title: 'Done?' },
              },
            },
          },
        },
      },
    });
    const newer = submission({ formName: 'Newer', createdOn: '2026-02-01T00:00:00.000Z' });
    const { host, user } = setup((h) => h.submissionsState.set([older, newer]));
    const cards = within(panel()).getAllByTestId('in-progress-card');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Newer', 'Older']);
    const olderCard = cards[1] as HTMLElement;
    expect(
      within(olderCard)
        .getAllByTestId('field-value')
        .map((f) => f.textContent),
    ).toEqual(['Site: A', 'B: 2', 'Done? Yes']);

    act(() =>
      host.submissionsState.set([
        submission({ formName: 'Brand new', createdOn: '2026-03-01T00:00:00.000Z' }),
        older,
        newer,
      ]),
    );
    expect(within(panel()).getAllByTestId('in-progress-card').length).toBe(3);
    expect(screen.getByTestId('count-inProgress').textContent).toBe('3');

    await user.click(screen.getByRole('button', { name: 'Launch Older' }));
    expect(callsOf(host, 'navigate')).toEqual([['navigate', `/form/${older.id}`]]);
  });

  it('an org record without its own definition reads like a local one: titles and values formatted (issue 19)', () => {
    const formDef = {
      schema: {
        properties: {
          General: {
            type: 'object',
            properties: {
              When: { type: 'string', format: 'date-time', title: 'When did it happen?' },
              What: { type: 'string', title: 'What happened?' },
              Ok: { type: 'boolean', title: 'Reported' },
            },
          },
        },
      },
    };
    const data = (when: string) => ({ General: { When: when, What: 'Slipped', Ok: true } });
    const imported = submission({
      formName: 'Imported',
      isSalesforceRecord: true,
      formDef: null,
      createdOn: '2026-11-23T19:17:57.000+0000',
      data: data('2026-11-23T19:17:57.844+0000'),
    });
    const local = submission({ formName: 'Local', formDef, data: data('2026-11-23T19:17:00.000Z') });
    setup((h) => {
      h.submissionsState.set([imported, local]);
      h.cachedFormsState.set([{ Id: imported.formId, formDef }]);
    });
    const texts = (name: string) =>
      within(
        within(panel())
          .getAllByTestId('in-progress-card')
          .find((c) => within(c).getByRole('heading').textContent === name) as HTMLElement,
      )
        .getAllByTestId('field-value')
        .map((f) => f.textContent);
    // the fake user's time zone is New York
    const when = formatDateTime('2026-11-23T19:17:00Z', { timeZone: 'America/New_York' });
    expect(texts('Imported')).toEqual([
      `When did it happen? ${when}`,
      'What happened? Slipped',
      'Reported: Yes',
    ]);
    expect(texts('Local')).toEqual(texts('Imported'));
    expect(within(panel()).getAllByTestId('card-created')[0]?.textContent).toMatch(
      new RegExp(`^Created ${formatDateTime('2026-11-23T19:17:57Z', { timeZone: 'America/New_York' })}`),
    );
  });

  it('a submission with errors has a warning icon whose toast says submission error', async () => {
    const { user } = setup((h) =>
      h.submissionsState.set([
        submission({ syncStatus: 'in error', errors: [{ message: 'x' }] }),
        submission(),
      ]),
    );
    const buttons = screen.getAllByRole('button', { name: 'Show submission errors' });
    expect(buttons.length).toBe(1);
    // the refused submit's text is on that card only
    expect(screen.getAllByText(MESSAGES.submitFailedWithErrors)).toHaveLength(1);
    await user.click(buttons[0] as HTMLElement);
    expect(await screen.findByText(MESSAGES.submissionErrorToast)).toBeTruthy();
    // the toast says what was refused, not its title alone
    expect((await screen.findByTestId('submission-error-text')).textContent).toBe('x');
  });

  it("the error toast lists a refused submit's errors as the form does, numbered", async () => {
    const { user } = setup((h) =>
      h.submissionsState.set([
        submission({
          syncStatus: 'in sync',
          errors: [
            { errorPath: 'General/Score', message: 'Score must be between 0 and 100' },
            { errorPath: 'General/Site', message: 'Site is missing required fields' },
          ],
        }),
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Show submission errors' }));
    const list = await screen.findByTestId('submission-error-text');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Score must be between 0 and 100',
      'Site is missing required fields',
    ]);
  });

  it('assigned tasks: latest scheduled first, link to the task in the org in a new tab', async () => {
    const { user } = setup();
    await user.click(tab(/Assigned/));
    const cards = await within(panel()).findAllByTestId('assigned-card');
    expect(cards.map((c) => within(c).getByRole('link').textContent)).toEqual([
      'Annual Audit Programme',
      'Monthly Safety Walk',
      'Q3 Site Inspections',
    ]);
    const link = within(cards[0] as HTMLElement).getByRole('link');
    expect(link.getAttribute('href')).toBe(`${USER.instanceUrl}/00T000000000002AAA`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(cards[0] as HTMLElement).getByText(/Scheduled For/)).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText('Annual Audit Programme (field)')).toBeTruthy();
  });

  it('partner users link tasks through their site', async () => {
    const { user } = setup((h) =>
      h.sessionState.set({
        ...USER,
        userDetailsSF: {
          timeZone: 'Europe/London',
          userType: 'POWER_PARTNER',
          networkId: '0DB000000000001',
          siteUrl: 'https://site.example.com/partners',
        },
      }),
    );
    await user.click(tab(/Assigned/));
    const cards = await within(panel()).findAllByTestId('assigned-card');
    expect(
      within(cards[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('https://site.example.com/partners/00T000000000002AAA');
  });

  it('Start begins the task’s own scheduled submission, for the task’s record, and opens it (N3)', async () => {
    const { host, user } = setup((h) =>
      h.routes.set('GET /api/scheduledSubmissions', () => [
        // the same form scheduled for another programme: not this task's
        {
          Id: 'a02000000000008AAA',
          Form_Definition__c: 'a01000000000002AAA',
          Uniqueness_Constraint__c: 'a01000000000002AAA#99999999-2222-4333-a444-555555555555',
          Version__c: 4,
          Main_Record_Id__c: 'a0P000000000009AAA',
        },
        {
          Id: 'a02000000000009AAA',
          Form_Definition__c: 'a01000000000002AAA',
          Uniqueness_Constraint__c: 'a01000000000002AAA#11111111-2222-4333-a444-555555555555',
          Version__c: 1,
          Main_Record_Id__c: 'a0P000000000003AAA',
        },
      ]),
    );
    await user.click(tab(/Assigned/));
    await user.click(await screen.findByRole('button', { name: 'Start Monthly Safety Walk' }));
    await waitFor(() => expect(callsOf(host, 'navigate').length).toBe(1));
    // the host's one path for starting a task (the launcher's too)
    expect(callsOf(host, 'offline.startTask')).toEqual([
      [
        'offline.startTask',
        { formId: 'a01000000000002AAA', formName: 'FORM-0002', mainRecordId: 'a0P000000000003AAA' },
      ],
    ]);
    expect(callsOf(host, 'offline.startScheduled')).toEqual([
      [
        'offline.startScheduled',
        {
          formId: 'a01000000000002AAA',
          formName: 'FORM-0002',
          formSubmissionId: 'a02000000000009AAA',
          version: 1,
          submissionId: '11111111-2222-4333-a444-555555555555',
          mainRecordId: 'a0P000000000003AAA',
        },
      ],
    ]);
    expect(callsOf(host, 'navigate')[0]?.[1]).toBe('/form/11111111-2222-4333-a444-555555555555');
  });

  it('Start without a scheduled record of its own creates a new submission of the task’s form, for its record', async () => {
    const { host, user } = setup((h) =>
      h.routes.set('GET /api/scheduledSubmissions', () => [
        // scheduled for the form, but for no record: not this task's
        { Id: 'a02000000000007AAA', Form_Definition__c: 'a01000000000001AAA', Version__c: 1 },
      ]),
    );
    await user.click(tab(/Assigned/));
    await user.click(await screen.findByRole('button', { name: 'Start Q3 Site Inspections' }));
    await waitFor(() => expect(callsOf(host, 'navigate').length).toBe(1));
    expect(callsOf(host, 'offline.startScheduled')).toEqual([]);
    expect(callsOf(host, 'offline.create')[0]?.[1]).toMatchObject({
      formId: 'a01000000000001AAA',
      formDef: { schema: {} },
      mainRecordId: 'a0P000000000001AAA',
    });
    expect(callsOf(host, 'navigate')[0]?.[1]).toBe('/form/new-submission-id');
  });

  it('offline, Start on a task whose form is not on the device says what Launch says and creates nothing (40.3)', async () => {
    earlier.tasks = TASKS;
    earlier.forms = forms(3);
    const { host, user } = setup((h) => h.onlineState.set(false));
    await user.click(tab(/Assigned/));
    // FORM-0001 supports offline (not downloaded); FORM-0002 does not.
    await user.click(await screen.findByRole('button', { name: 'Start Q3 Site Inspections' }));
    expect(await screen.findByText('Could not start this task.')).toBeTruthy();
    expect(
      await screen.findByText(
        'This form is not on this device. Turn on Offline on its card while you are connected to fill it without a connection.',
      ),
    ).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Start Monthly Safety Walk' }));
    expect(
      await screen.findByText('This form needs a connection. Launch it again when you are back online.'),
    ).toBeTruthy();
    expect(callsOf(host, 'offline.create')).toEqual([]);
    expect(callsOf(host, 'offline.startScheduled')).toEqual([]);
    expect(callsOf(host, 'navigate')).toEqual([]);
  }, 20_000);

  it('offline, Start on a task whose form is on the device opens a draft with that definition, for its record', async () => {
    earlier.tasks = TASKS;
    const kept = { schema: { properties: { General: {} } }, ui: { type: 'VerticalLayout', elements: [] } };
    const { host, user } = setup((h) => {
      h.onlineState.set(false);
      h.cachedFormsState.set([{ Id: 'a01000000000001AAA', formDef: kept }]);
    });
    await user.click(tab(/Assigned/));
    await user.click(await screen.findByRole('button', { name: 'Start Q3 Site Inspections' }));
    await waitFor(() => expect(callsOf(host, 'navigate')).toEqual([['navigate', '/form/new-submission-id']]));
    expect(callsOf(host, 'offline.create')[0]?.[1]).toMatchObject({
      formId: 'a01000000000001AAA',
      formDef: kept,
      mainRecordId: 'a0P000000000001AAA',
    });
    // offline the host asks the org nothing for the task (startTask answers unreachable)
    expect(callsOf(host, 'api.GET')).toEqual([]);
  });

  it('no way of making a local record from home makes one that cannot open (40.3)', async () => {
    // Every path: Launch and Start (scheduled or not), online and offline, form kept or not, the
    // org's definition read failing by network or refusal. A record is made only with a definition.
    type Case = {
      name: string;
      online: boolean;
      cached: boolean;
      schema: 'ok' | 'network' | 'refused' | 'none';
    };
    const cases: Case[] = [];
    for (const online of [true, false])
      for (const cached of [true, false])
        for (const schema of ['ok', 'network', 'refused', 'none'] as const)
          cases.push({
            name: `${online ? 'online' : 'offline'} ${cached ? 'kept' : 'not kept'} ${schema}`,
            online,
            cached,
            schema,
          });
    for (const c of cases) {
      for (const action of [
        'Launch FORM-0001 - Title 1',
        'Start Q3 Site Inspections',
        'Start Monthly Safety Walk',
      ]) {
        cleanup();
        earlier = {};
        earlier.tasks = TASKS;
        earlier.forms = forms(3);
        const kept = { schema: { properties: {} }, ui: { type: 'VerticalLayout', elements: [] } };
        const { host, user } = setup((h) => {
          h.onlineState.set(c.online);
          if (c.cached)
            h.cachedFormsState.set([
              { Id: 'a01000000000001AAA', formDef: kept },
              { Id: 'a01000000000002AAA', formDef: kept },
            ]);
          h.routes.set('GET /api/scheduledSubmissions', () => [
            {
              Id: 'a02000000000009AAA',
              Form_Definition__c: 'a01000000000002AAA',
              Uniqueness_Constraint__c: 'a01000000000002AAA#11111111-2222-4333-a444-555555555555',
              Version__c: 1,
              Main_Record_Id__c: 'a0P000000000003AAA',
            },
          ]);
          h.routes.set('GET /api/schema', (q) => {
            if (c.schema === 'network') throw apiError(0, 'Network Error', true);
            if (c.schema === 'refused') throw apiError(404, 'No Data found for form submission');
            return c.schema === 'none' ? { Id: q?.recordId } : { Id: q?.recordId, formDef: { schema: {} } };
          });
        });
        await user.click(tab(action.startsWith('Launch') ? /Forms/ : /Assigned/));
        await user.click(await screen.findByRole('button', { name: action }));
        await waitFor(() =>
          expect(
            callsOf(host, 'navigate').length +
              screen.queryAllByText(/Could not (start this task|open this form)\./).length,
          ).toBeGreaterThan(0),
        );
        const made = [
          ...callsOf(host, 'offline.create').map((call) => (call[1] as { formDef?: unknown }).formDef),
          // startScheduled reads the definition itself and throws without one (the shell's tests)
          ...callsOf(host, 'offline.startScheduled').map(() => 'read by startScheduled'),
        ];
        expect(
          made.every((d) => d != null),
          `${c.name}: ${action}`,
        ).toBe(true);
        // a record made is opened; none made, the user is told why
        expect(callsOf(host, 'navigate').length, `${c.name}: ${action}`).toBe(made.length);
        if (made.length === 0 && !c.online && !c.cached)
          expect(
            screen.getAllByText(/This form (is not on this device|needs a connection)/).length,
          ).toBeGreaterThan(0);
      }
    }
  }, 120_000);

  it('a failed Start shows an error toast and stays', async () => {
    const { host, user } = setup((h) =>
      h.routes.set('GET /api/scheduledSubmissions', () => {
        throw apiError(500, 'Server Error: boom');
      }),
    );
    await user.click(tab(/Assigned/));
    await user.click(await screen.findByRole('button', { name: 'Start Q3 Site Inspections' }));
    expect(await screen.findByText('Could not start this task.')).toBeTruthy();
    expect(screen.getByText('Server Error: boom')).toBeTruthy();
    expect(callsOf(host, 'navigate')).toEqual([]);
  });

  it('submitted tab: the banner, the out-of-sync card and the plain card', async () => {
    const { user } = setup((h) =>
      h.submissionsState.set([
        submission({ status: 'submitted', syncStatus: 'out of sync', formName: 'Queued' }),
        submission({ status: 'submitted', syncStatus: 'file usnyc', formName: 'Files' }),
        submission({ status: 'submitted', syncStatus: 'in error', formName: 'Refused' }),
      ]),
    );
    await user.click(tab(/Submitted/));
    expect(screen.getByText(MESSAGES.submittedBanner)).toBeTruthy();
    expect(within(panel()).getAllByTestId('out-of-sync-card').length).toBe(2);
    expect(within(panel()).getAllByTestId('submitted-card').length).toBe(1);
    expect(screen.getByText('Files waiting to upload')).toBeTruthy();
  });

  it("each form card's Last Sync is when its copy on this device was taken; a form not kept has none (N7)", async () => {
    const { user } = setup((h) =>
      h.cachedFormsState.set([
        { Id: 'a01000000000001AAA', formDef: {}, syncedOn: '2026-03-04T10:00:00.000Z' },
        { Id: 'a01000000000003AAA', formDef: {}, syncedOn: '2026-05-06T12:00:00.000Z' },
      ]),
    );
    await user.click(tab(/Forms/));
    const cards = await within(panel()).findAllByTestId('form-card');
    const synced = (i: number) => within(cards[i] as HTMLElement).queryByTestId('form-synced')?.textContent;
    const at = (iso: string) => `Last Sync ${formatDateTime(iso, { timeZone: 'America/New_York' })}`;
    expect(synced(0)).toBe(at('2026-03-04T10:00:00.000Z'));
    expect(synced(1)).toBeUndefined();
    expect(synced(2)).toBe(at('2026-05-06T12:00:00.000Z'));
  });

  it('cards say the sync state in words, never the stored status (N9)', async () => {
    const { user } = setup((h) =>
      h.submissionsState.set([
        submission({ syncStatus: 'file usnyc', formName: 'Files' }),
        submission({ syncStatus: 'out of sync', formName: 'Queued' }),
        submission({ syncStatus: 'in sync', formName: 'Synced' }),
        submission({ status: 'submitted', syncStatus: 'in error', formName: 'Refused' }),
      ]),
    );
    const created = within(panel())
      .getAllByTestId('card-created')
      .map((c) => c.textContent?.split(' · ')[1]);
    expect(created.sort()).toEqual(['Files waiting to upload', 'Synced', 'Waiting to sync']);
    await user.click(tab(/Submitted/));
    expect(within(panel()).getByText('Not accepted by the organisation')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/usnyc|in error|out of sync/);
  });

  it('empty lists show the no-data illustration and text', () => {
    setup();
    expect(within(panel()).getByText(MESSAGES.noRecords)).toBeTruthy();
  });

  it('forms tab: the first 20 forms, titles from name and title, offline toggle only where supported', async () => {
    const { user } = setup();
    await user.click(tab(/Forms/));
    const cards = await within(panel()).findAllByTestId('form-card');
    expect(cards.length).toBe(20);
    expect(within(cards[0] as HTMLElement).getByRole('heading').textContent).toBe('FORM-0001 - Title 1');
    expect(within(cards[1] as HTMLElement).getByRole('heading').textContent).toBe('FORM-0002');
    expect(within(cards[0] as HTMLElement).queryByRole('checkbox')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).queryByRole('checkbox')).toBeNull();
  });

  it('download for offline on, then off after the confirmation', async () => {
    const { host, user } = setup();
    await user.click(tab(/Forms/));
    const toggle = await screen.findByRole('checkbox', { name: 'Offline FORM-0001 - Title 1' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await within(panel()).findAllByTestId('form-card');
    await user.click(tab(/Assigned/));
    await screen.findByRole('button', { name: 'Start Q3 Site Inspections' });
    await user.click(tab(/Forms/));
    await user.click(await screen.findByRole('checkbox', { name: 'Offline FORM-0001 - Title 1' }));
    // with the records its assigned tasks are for (their context is then found offline: 40.4)
    await waitFor(() =>
      expect(callsOf(host, 'offline.downloadForOffline')).toEqual([
        ['offline.downloadForOffline', 'a01000000000001AAA', { recordIds: ['a0P000000000001AAA'] }],
      ]),
    );
    const on = await screen.findByRole('checkbox', { name: 'Offline FORM-0001 - Title 1' });
    await waitFor(() => expect((on as HTMLInputElement).checked).toBe(true));

    await user.click(on);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(MESSAGES.removeOfflineConfirm)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsOf(host, 'offline.removeFromOffline')).toEqual([]);

    await user.click(await screen.findByRole('checkbox', { name: 'Offline FORM-0001 - Title 1' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(callsOf(host, 'offline.removeFromOffline')).toEqual([
        ['offline.removeFromOffline', 'a01000000000001AAA'],
      ]),
    );
    // Many user-event steps: more than the default 5 s on a loaded machine.
  }, 20_000);

  it('Launch on a form creates a submission with its definition and opens it', async () => {
    const { host, user } = setup();
    await user.click(tab(/Forms/));
    await user.click(await screen.findByRole('button', { name: 'Launch FORM-0003 - Title 3' }));
    await waitFor(() => expect(callsOf(host, 'navigate')).toEqual([['navigate', '/form/new-submission-id']]));
    expect(callsOf(host, 'offline.create')[0]?.[1]).toEqual({
      formId: 'a01000000000003AAA',
      formName: 'FORM-0003 - Title 3',
      formDef: { schema: {} },
    });
  });

  it('Launch on a form whose definition the org gives as a string shows that text and makes no record', async () => {
    const { host, user } = setup((h) =>
      h.routes.set('GET /api/schema', (q) => ({
        Id: q?.recordId,
        Name: 'x',
        formDef: 'Form not set up yet',
      })),
    );
    await user.click(tab(/Forms/));
    await user.click(await screen.findByRole('button', { name: 'Launch FORM-0003 - Title 3' }));
    expect(await screen.findByText('Form not set up yet')).toBeTruthy();
    expect(screen.getByText(HOME_TEXTS.launchFailed)).toBeTruthy();
    expect(callsOf(host, 'offline.create')).toEqual([]);
    expect(callsOf(host, 'navigate')).toEqual([]);
  });

  it('offline, Launch on a form that is not on the device says what to do and leaves no draft', async () => {
    earlier.forms = forms(3);
    const { host, user } = setup((h) => {
      h.onlineState.set(false);
      h.routes.set('GET /api/schema', () => {
        throw new TypeError('Failed to fetch'); // what the browser answers with no network
      });
    });
    await user.click(tab(/Forms/));
    // FORM-0001 supports offline (not downloaded); FORM-0002 does not.
    await user.click(await screen.findByRole('button', { name: 'Launch FORM-0001 - Title 1' }));
    expect(
      await screen.findByText(
        'This form is not on this device. Turn on Offline on its card while you are connected to fill it without a connection.',
      ),
    ).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Launch FORM-0002' }));
    expect(
      await screen.findByText('This form needs a connection. Launch it again when you are back online.'),
    ).toBeTruthy();
    expect(callsOf(host, 'offline.create')).toEqual([]);
    expect(callsOf(host, 'navigate')).toEqual([]);
  }, 20_000);

  it('search runs only when the text is longer than 1 character', async () => {
    const { host, user } = setup();
    await user.click(tab(/Forms/));
    await within(panel()).findAllByTestId('form-card');
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(box, '1');
    await new Promise((r) => setTimeout(r, 400));
    expect(callsOf(host, 'api.GET').filter((c) => c[1] === '/api/search')).toEqual([]);
    expect(within(panel()).getAllByTestId('form-card').length).toBe(20);
    await user.clear(box);
    await user.type(box, 'form-001');
    await waitFor(() => expect(within(panel()).getAllByTestId('form-card').length).toBe(10));
    const searches = callsOf(host, 'api.GET').filter((c) => c[1] === '/api/search');
    expect(searches.at(-1)?.[2]).toEqual({ search: 'form-001' });
    expect(screen.getByTestId('count-forms').textContent).toBe('10');
    // user-event typing: more than the default 5 s on a loaded machine.
  }, 20_000);

  it('offline: no calls to the org, lists from this device, search filters locally', async () => {
    earlier.forms = forms(3);
    earlier.tasks = TASKS.slice(0, 1);
    const { host, user } = setup((h) => h.onlineState.set(false));
    expect(screen.getByTestId('offline-notice')).toBeTruthy();
    expect(screen.getByTestId('count-assigned').textContent).toBe('1');
    expect(screen.getByTestId('count-forms').textContent).toBe('3');
    await user.click(tab(/Forms/));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'title 3');
    await waitFor(() => expect(within(panel()).getAllByTestId('form-card').length).toBe(1));
    expect(callsOf(host, 'api.GET')).toEqual([]);
    expect(callsOf(host, 'offline.importPending')).toEqual([]);
  });

  it('coming back online reloads from the org', async () => {
    const { host } = setup((h) => h.onlineState.set(false));
    expect(callsOf(host, 'api.GET')).toEqual([]);
    act(() => host.onlineState.set(true));
    await waitFor(() => expect(screen.getByTestId('count-assigned').textContent).toBe('3'));
  });

  it('a session that expires goes back to sign-in', async () => {
    const { host } = setup();
    act(() => host.sessionState.set({ status: 'signedOut', expired: true }));
    expect(callsOf(host, 'navigate')).toEqual([['navigate', '/login?expired=1', { replace: true }]]);
  });

  it('a long list shows its first page and more on demand', async () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      submission({ createdOn: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString() }),
    );
    const { user } = setup((h) => h.submissionsState.set(many));
    expect(screen.getByTestId('count-inProgress').textContent).toBe('120');
    expect(within(panel()).getAllByTestId('in-progress-card').length).toBe(20);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(within(panel()).getAllByTestId('in-progress-card').length).toBe(40);
  });
});

describe('outbox panel', () => {
  const items: OutboxItem[] = [
    {
      id: 's1',
      kind: 'submission',
      submissionId: 's1',
      title: 'General Site Inspection',
      state: 'retry scheduled',
      lastError: 'Network Error',
      attempts: 2,
      nextRetryAt: Date.UTC(2026, 0, 1, 10),
    },
    {
      id: 'f1',
      kind: 'file',
      submissionId: 's1',
      title: 'photo.jpg',
      state: 'uploading',
      progress: 40,
      lastError: null,
      attempts: 0,
      nextRetryAt: null,
    },
  ];

  it('lists each pending item with state, last error and next retry; Retry now and a confirmed Discard', async () => {
    const { host, user } = setup((h) => h.outboxState.set(items));
    await user.click(screen.getByTestId('outbox-button'));
    const panelEl = await screen.findByTestId('outbox-panel');
    const rows = within(panelEl).getAllByTestId('outbox-item');
    expect(rows.length).toBe(2);
    expect(within(rows[0] as HTMLElement).getByText('Retry scheduled')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Last error: Network Error')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText(/Next retry: not scheduled/)).toBeTruthy();
    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Retry now' }));
    expect(callsOf(host, 'offline.retryNow')).toEqual([['offline.retryNow', 's1']]);
    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Discard' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Discard' }));
    expect(callsOf(host, 'offline.discardOutboxItem')).toEqual([['offline.discardOutboxItem', 'f1']]);
    await waitFor(() => expect(within(panelEl).getAllByTestId('outbox-item').length).toBe(1));
  });

  // Issue 44: a refused upload's reason, kept in the wire's English with the BFF's code and params,
  // reads in the user's language; English as it came.
  it("words a last error made of parts by its code in the user's language", async () => {
    const refused: OutboxItem = {
      id: 'f2',
      kind: 'file',
      submissionId: 's1',
      title: 'tool.png',
      state: 'retry scheduled',
      lastError: 'Server Error: Error: executable files are not allowed',
      lastErrorWording: { code: 'FILE_TYPE_REFUSED', params: { kind: 'executable' } },
      attempts: 1,
      nextRetryAt: null,
    };
    const { user } = setup((h) => h.outboxState.set([refused]));
    await user.click(screen.getByTestId('outbox-button'));
    const row = await screen.findByTestId('outbox-item');
    expect(within(row).getByTestId('outbox-last-error').textContent).toBe(
      'Last error: Server Error: Error: executable files are not allowed',
    );
    cleanup();
    await activateLanguage('es', CATALOGS);
    try {
      const again = setup((h) => h.outboxState.set([refused]));
      await again.user.click(screen.getByTestId('outbox-button'));
      const es = await screen.findByTestId('outbox-item');
      expect(within(es).getByTestId('outbox-last-error').textContent).toBe(
        'Último error: Error del servidor: Error: no se permiten archivos ejecutables',
      );
    } finally {
      await activateLanguage('en', CATALOGS);
    }
  });

  it('opens from the header link (/?outbox)', async () => {
    setup((h) => h.outboxState.set(items), '/?outbox=1');
    expect(await screen.findByTestId('outbox-panel')).toBeTruthy();
  });
});

describe('home keeps the org lists current', () => {
  const taskReads = (host: FakeHost) =>
    callsOf(host, 'api.GET').filter((c) => c[1] === '/api/searchQuery/').length;

  it("re-reads a list on each of the host's org re-reads that concerns it, and shows new tasks", async () => {
    let tasks = TASKS;
    const { host } = setup((h) => {
      h.routes.set('GET /api/searchQuery/', () => ({ totalSize: tasks.length, done: true, records: tasks }));
    });
    await waitFor(() => expect(tab(/Assigned/).textContent).toBe('Assigned3'));
    const before = taskReads(host);
    const formReads = () => callsOf(host, 'api.GET').filter((c) => c[1] === '/api/forms').length;
    const formsBefore = formReads();
    tasks = TASKS.slice(1);
    act(() => host.orgRefresh.fire(['tasks']));
    await waitFor(() => expect(tab(/Assigned/).textContent).toBe('Assigned2'));
    expect(taskReads(host)).toBe(before + 1);
    expect(formReads()).toBe(formsBefore);
    // The org's submissions are the host's to import: home reads nothing on their re-read.
    act(() => host.orgRefresh.fire(['submissions']));
    await new Promise((r) => setTimeout(r, 50));
    expect(taskReads(host)).toBe(before + 1);
    expect(callsOf(host, 'offline.importPending')).toEqual([]);
    // Every list on a full re-read (a delivery, the fallback poll).
    act(() => host.orgRefresh.fire());
    await waitFor(() => expect(formReads()).toBe(formsBefore + 1));
    expect(taskReads(host)).toBe(before + 2);
  });

  it('the Synced on line follows the newest local sync at once', async () => {
    const { host } = setup();
    await waitFor(() => expect(screen.getByTestId('synced-on').textContent).not.toContain('never'));
    const shown = screen.getByTestId('synced-on').textContent;
    act(() => host.submissionsState.set([submission({ syncedOn: '2099-01-02T03:04:05.000Z' })]));
    await waitFor(() => expect(screen.getByTestId('synced-on').textContent).not.toBe(shown));
    expect(screen.getByTestId('synced-on').textContent).toContain('2099');
  });

  it("Synced on: the live stream's heartbeat says the lists are current; offline, the last real sync (40.7)", async () => {
    earlier.syncedOn = '2026-01-01T10:00:00.000Z';
    const old = `Synced on ${formatDateTime('2026-01-01T10:00:00.000Z', { timeZone: 'America/New_York' })}`;
    // the org reads are slow to answer: only the heartbeat can say the lists are current
    const { host } = setup((h) => {
      for (const route of ['GET /api/searchQuery/', 'GET /api/forms'])
        h.routes.set(route, () => new Promise(() => undefined));
    });
    expect(screen.getByTestId('synced-on').textContent).toBe(old);
    const before = Date.now();
    // the host's live stream heard the heartbeat (offline.orgRefresh.subscribeCurrent)
    act(() => host.orgRefresh.current());
    const stored = host.offline.listsSyncedOn.get();
    expect(Date.parse(stored)).toBeGreaterThanOrEqual(before - 1);
    expect(screen.getByTestId('synced-on').textContent).toBe(
      `Synced on ${formatDateTime(stored, { timeZone: 'America/New_York' })}`,
    );
    // offline: the line stays at the last time the lists were known current
    act(() => host.onlineState.set(false));
    const shown = screen.getByTestId('synced-on').textContent;
    act(() => host.orgRefresh.current());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByTestId('synced-on').textContent).toBe(shown);
  });

  it('Synced on: a heartbeat claims nothing after a failed read of the lists', async () => {
    earlier.syncedOn = '2026-01-01T10:00:00.000Z';
    const { host } = setup((h) => {
      for (const route of ['GET /api/searchQuery/', 'GET /api/forms'])
        h.routes.set(route, () => {
          throw apiError(502, 'Server Error: down');
        });
    });
    expect(await screen.findByText(/Could not load from the organisation/)).toBeTruthy();
    act(() => host.orgRefresh.current());
    expect(host.offline.listsSyncedOn.get()).toBe('2026-01-01T10:00:00.000Z');
  });

  it('the Synced on line shows at once the date another tab stored after its org read', async () => {
    const { host } = setup();
    await waitFor(() => expect(screen.getByTestId('synced-on').textContent).not.toContain('never'));
    // Another tab of the same user read the org later than this one: the host's kept time changes.
    act(() => host.syncedOnState.set('2098-05-06T07:08:09.000Z'));
    expect(screen.getByTestId('synced-on').textContent).toContain('2098');
  });
});
