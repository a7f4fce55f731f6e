import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraLayer } from '../chakra-parts';
import userEvent from '@testing-library/user-event';
import type { CorrectiveActionTask, LocalSubmission } from 'shared-contracts';
import { callsOf, fakeHost } from 'test-kit';
import { HomeScreen } from '../HomeScreen';
import { TASKS } from '../test/fixtures';
import { ACTION_TEXTS } from './texts';

// jsdom decodes no picture: the resize (ui-kit, tested in Chromium by the photo suites) writes a JPEG
// named as it would, so the test sees the resized file attached, not the picked one.
vi.mock('ui-kit/resize-photo', () => ({
  UnreadablePhotoError: class extends Error {},
  resizePhoto: async (file: File) => ({
    file: new File(['small'], file.name.replace(/\.\w+$/, '.jpg'), { type: 'image/jpeg' }),
  }),
}));

const ACTION: CorrectiveActionTask = {
  taskId: '00T5g000000009AAAA',
  subject: 'Replace the bulbs',
  whatId: 'a0N5g0000000001EAA',
  whatName: 'INS-0001',
  question: 'Lights work?',
  answer: 'Fail',
  note: 'Two bulbs out',
  submission: 'FS-00001',
  dueDate: '2026-12-06',
  priority: 'High',
  status: 'Not Started',
  photos: [{ id: '0695g000000001AAAA', title: 'finding' }],
  queueName: 'Site Maintenance',
};

function setup(actions: () => CorrectiveActionTask[]) {
  const host = fakeHost();
  host.routes.set('GET /api/searchQuery/', () => ({ totalSize: 3, done: true, records: TASKS }));
  host.routes.set('GET /api/forms', () => []);
  host.routes.set('GET /api/correctiveActions', actions);
  host.routes.set(
    'GET /api/files/0695g000000001AAAA/preview',
    () => new Blob(['png'], { type: 'image/png' }),
  );
  // the store's writes a completion uses (the fake has none of its own)
  host.offline.attachFile = async (submissionId, _file, name) => ({
    ok: true,
    value: { ContentDocumentId: 'Unsynced', LocalId: 'photo-1', Name: name, submissionId },
  });
  host.offline.submit = async (id, data) => {
    const cur = host.submissionsState.get().find((s) => s.id === id) as LocalSubmission;
    const next: LocalSubmission = { ...cur, data, status: 'submitted', syncStatus: 'out of sync' };
    host.submissionsState.set(host.submissionsState.get().map((s) => (s.id === id ? next : s)));
    return { ok: true, value: next };
  };
  const user = userEvent.setup();
  render(<HomeScreen host={host} />);
  return { host, user };
}

// Home's Chakra layer loads after the first screen (chakra-parts.tsx): its code is fetched once
// here, so a test's dialog waits no longer than it would in the browser after idle.
beforeAll(() => ChakraLayer.preload(), 60_000);
beforeEach(() => {
  window.localStorage.clear();
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => undefined;
});
afterEach(cleanup);

const openAssigned = async (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('tab', { name: /Assigned/ }));

describe('corrective actions on the assignee’s home', () => {
  it('a card on the Assigned tab: the question, the failed answer by text, the note, the photo, due date, priority', async () => {
    const { user } = setup(() => [ACTION]);
    await waitFor(() => expect(screen.getByTestId('count-assigned').textContent).toBe('4'));
    await openAssigned(user);
    const card = await screen.findByTestId('action-card');
    expect(within(card).getByRole('heading', { name: 'Replace the bulbs' })).toBeTruthy();
    expect(within(card).getByTestId('action-question').textContent).toBe('Question: Lights work?');
    expect(within(card).getByTestId('action-answer').textContent).toMatch(/Answer: Fail\s*Failed/);
    expect(within(card).getByTestId('action-note').textContent).toBe('Note: Two bulbs out');
    expect(within(card).getByTestId('action-priority').textContent).toBe('Priority High');
    expect(within(card).getByTestId('action-due').textContent).toMatch(/^Due /);
    expect(within(card).getByText('Queue Site Maintenance')).toBeTruthy();
    expect(await within(card).findByAltText('Photo from the inspection: finding')).toBeTruthy();
    // the assigned tasks are still listed below
    expect(screen.getAllByTestId('assigned-card')).toHaveLength(3);
  });

  it('an action appears on a re-read of tasks, with no reload', async () => {
    let list: CorrectiveActionTask[] = [];
    const { host, user } = setup(() => list);
    await openAssigned(user);
    await waitFor(() => expect(screen.getAllByTestId('assigned-card')).toHaveLength(3));
    expect(screen.queryByTestId('action-card')).toBeNull();
    list = [ACTION];
    act(() => host.orgRefresh.fire(['tasks']));
    expect(await screen.findByTestId('action-card')).toBeTruthy();
  });

  it('open, say what was done (required), attach a photo, mark done: stored, queued and sent now', async () => {
    const { host, user } = setup(() => [ACTION]);
    await openAssigned(user);
    await user.click(
      await screen.findByRole('button', { name: 'Open corrective action: Replace the bulbs' }),
    );
    const drawer = await screen.findByTestId('action-drawer');
    await user.click(within(drawer).getByRole('button', { name: ACTION_TEXTS.markDone }));
    expect(within(drawer).getByRole('alert').textContent).toBe('Say what was done.');
    expect(callsOf(host, 'offline.create')).toEqual([]);

    await user.type(within(drawer).getByLabelText(/What was done/), 'Replaced both bulbs');
    await user.upload(
      within(drawer).getByLabelText(ACTION_TEXTS.photoLabel),
      new File(['heic'], 'fixed.heic', { type: 'image/heic' }),
    );
    expect((await within(drawer).findByTestId('action-picked')).textContent).toContain('fixed.jpg');
    await user.click(within(drawer).getByRole('button', { name: ACTION_TEXTS.markDone }));

    await waitFor(() => expect(screen.queryByTestId('action-drawer')).toBeNull());
    expect(callsOf(host, 'offline.create')).toEqual([
      ['offline.create', { formId: ACTION.taskId, formName: 'Replace the bulbs', data: {} }],
    ]);
    const stored = host.submissionsState.get()[0];
    expect(stored?.data).toEqual({
      Done: 'Replaced both bulbs',
      Photos: [
        { ContentDocumentId: 'Unsynced', LocalId: 'photo-1', Name: 'fixed.jpg', submissionId: stored?.id },
      ],
    });
    expect(callsOf(host, 'offline.deliverNow')).toEqual([['offline.deliverNow', stored?.id]]);
    // the card says it waits to sync until the org has it; it is no form in In Progress or Submitted
    expect(await screen.findByTestId('action-waiting')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Open corrective action/ })).toBeNull();
    expect(screen.getByTestId('count-inProgress').textContent).toBe('0');
    expect(screen.getByTestId('count-submitted').textContent).toBe('0');
  });

  it('offline, marking done stores it on the device and sends nothing now', async () => {
    const { host, user } = setup(() => [ACTION]);
    await openAssigned(user);
    const open = await screen.findByRole('button', { name: /Open corrective action/ });
    act(() => host.onlineState.set(false));
    await user.click(open);
    const drawer = await screen.findByTestId('action-drawer');
    expect(within(drawer).getByText(ACTION_TEXTS.photoOffline)).toBeTruthy();
    await user.type(within(drawer).getByLabelText(/What was done/), 'Fixed');
    await user.click(within(drawer).getByRole('button', { name: ACTION_TEXTS.markDone }));
    expect(await screen.findByText(ACTION_TEXTS.savedOnDevice)).toBeTruthy();
    expect(callsOf(host, 'offline.deliverNow')).toEqual([]);
    expect(screen.getByTestId('action-waiting')).toBeTruthy();
  });
});
