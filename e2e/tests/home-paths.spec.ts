import { expect, test, type Page, type Request } from '@playwright/test';
import { signInAtOrg } from '../support/auth';
import { freeSystemPorts, startSystem, type RunningSystem } from '../support/system';

// Issue 40, the paths walked less often on home: Start on an assigned task offline for a form not on
// the device (40.3), Start opening the task's own scheduled record (review N3), and the 'Synced on'
// line on an idle connected home (40.7: the live stream's heartbeat keeps it true, with no re-read).

let system: RunningSystem;

test.beforeEach(async () => {
  // A heartbeat every 2 s instead of 25 s: the line's minute turns within the test's patience.
  system = await startSystem({
    ports: await freeSystemPorts(),
    quiet: true,
    bffEnv: { EVENTS_HEARTBEAT_MS: '2000' },
  });
});
test.afterEach(async () => {
  await system?.stop();
});

interface Task {
  taskId: string;
  checklist: string;
  programId: string;
  formId: string | null;
}
interface Form {
  Id: string;
  Supports_Offline__c: boolean;
}
interface Scheduled {
  Id: string;
  Form_Definition__c: string | null;
  Uniqueness_Constraint__c: string | null;
  Main_Record_Id__c: string | null;
}

async function bff<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`${system.url}${path}`);
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

async function openHome(page: Page, errors: string[]) {
  page.on('pageerror', (e) => errors.push(e.message));
  await signInAtOrg(page, system.url, 'field.user@demo.org');
  await page.waitForURL(`${system.url}/`);
  await expect(page.locator('[data-testid="remote-screen"][data-remote="mfe-home"]')).toBeVisible();
}

const count = (page: Page, key: string) => page.getByTestId(`count-${key}`);
const tab = (page: Page, label: string) => page.getByRole('tab', { name: new RegExp(`^${label}`) });
const startButton = (page: Page, checklist: string) =>
  page.getByRole('tabpanel').getByRole('button', { name: `Start ${checklist}` });

test('offline, Start on a task whose form is not on this device says what to do and leaves no draft', async ({
  page,
  context,
}) => {
  const errors: string[] = [];
  await openHome(page, errors);
  const tasks = (await bff<{ records: Task[] }>(page, '/api/searchQuery/?kind=assignedTasks')).records;
  const forms = await bff<Form[]>(page, '/api/forms');
  const task = tasks.find((t) => t.formId);
  if (!task) throw new Error('no task with a form');
  const form = forms.find((f) => f.Id === task.formId);
  await tab(page, 'Assigned').click();
  await expect(startButton(page, task.checklist).first()).toBeVisible();
  // The user's work in progress the org holds, brought in by home: the count once home shows it all
  // (read as it first shows, it can still be the device's count before the import).
  const inProgress = (await bff<unknown[]>(page, '/api/pendingSubmissions')).length;
  await expect(count(page, 'inProgress')).toHaveText(String(inProgress));

  await context.setOffline(true);
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  await startButton(page, task.checklist).first().click();
  await expect(page.getByText('Could not start this task.')).toBeVisible();
  await expect(
    page.getByText(
      form?.Supports_Offline__c
        ? 'This form is not on this device. Turn on Offline on its card while you are connected to fill it without a connection.'
        : 'This form needs a connection. Launch it again when you are back online.',
    ),
  ).toBeVisible();
  expect(page.url()).toBe(`${system.url}/`);
  await expect(count(page, 'inProgress')).toHaveText(String(inProgress));
  await context.setOffline(false);
  expect(errors).toEqual([]);
});

test("Start opens the task's own scheduled submission, not another of its form", async ({ page }) => {
  const errors: string[] = [];
  await openHome(page, errors);
  const tasks = (await bff<{ records: Task[] }>(page, '/api/searchQuery/?kind=assignedTasks')).records;
  const scheduled = await bff<Scheduled[]>(page, '/api/scheduledSubmissions');
  const pair = tasks
    .map((t) => ({ t, s: scheduled.find((s) => s.Main_Record_Id__c === t.programId) }))
    .find((x) => x.s);
  if (!pair?.s) throw new Error('no task with a scheduled record of its own');
  const localId = String(pair.s.Uniqueness_Constraint__c).split('#')[1];
  await tab(page, 'Assigned').click();
  await startButton(page, pair.t.checklist).first().click();
  await page.waitForURL(`${system.url}/form/${localId}`);
  expect(errors).toEqual([]);
});

test("an idle connected home's 'Synced on' stays current on the stream's heartbeat, with no re-read", async ({
  page,
}) => {
  const errors: string[] = [];
  const reads = { tasks: 0, forms: 0 };
  page.on('request', (r: Request) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/searchQuery')) reads.tasks++;
    else if (u.pathname === '/api/forms') reads.forms++;
  });
  await openHome(page, errors);
  const line = page.getByTestId('synced-on');
  await expect(line).not.toContainText('never');
  // the opening reads done, the stream up
  await page.waitForTimeout(1_500);
  const shown = await line.textContent();
  const atRest = { ...reads };
  // The line shows minutes: it moves on when the next minute starts (at most 60 s here), though
  // nothing is re-read (the safety re-read comes every 30 minutes).
  await expect(line).not.toHaveText(String(shown), { timeout: 75_000 });
  expect(reads).toEqual(atRest);
  expect(errors).toEqual([]);
});
