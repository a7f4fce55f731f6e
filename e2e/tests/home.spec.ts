import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { FORMS_LISTED, HOME_TABS, MESSAGES } from 'shared-contracts';
import { signInAtOrg } from '../support/auth';
import { freeSystemPorts, startSystem, type RunningSystem } from '../support/system';

// Issue 6, home: each tab's count and cards against the org's data (read through the BFF with the
// same session), search, offline toggle, Start, Launch, axe and keyboard, offline reload.

let system: RunningSystem;

test.beforeEach(async () => {
  system = await startSystem({ ports: await freeSystemPorts(), quiet: true });
});
test.afterEach(async () => {
  await system?.stop();
});

interface Task {
  taskId: string;
  checklist: string;
  scheduledFor: string | null;
  formId: string | null;
}
interface Form {
  Id: string;
  Name: string;
  Title__c: string | null;
  Supports_Offline__c: boolean;
}

async function bff<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`${system.url}${path}`);
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

async function openHome(page: Page, username: string) {
  await signInAtOrg(page, system.url, username);
  await page.waitForURL(`${system.url}/`);
  await expect(page.locator('[data-testid="remote-screen"][data-remote="mfe-home"]')).toBeVisible();
}

const count = (page: Page, key: string) => page.getByTestId(`count-${key}`);
const tab = (page: Page, label: string) => page.getByRole('tab', { name: new RegExp(`^${label}`) });
const panel = (page: Page) => page.getByRole('tabpanel');
const formTitle = (f: Form) => (f.Title__c ? `${f.Name} - ${f.Title__c}` : f.Name);

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const username of ['field.user@demo.org', 'partner.user@demo.org']) {
  test(`${username}: each tab's count and cards match the org, no serious axe violation on any tab`, async ({
    page,
  }) => {
    await openHome(page, username);
    const tasks = (await bff<{ records: Task[] }>(page, '/api/searchQuery/?kind=assignedTasks')).records;
    const pending = await bff<unknown[]>(page, '/api/pendingSubmissions');
    const forms = await bff<Form[]>(page, '/api/forms');
    expect(tasks.length).toBeGreaterThan(0);

    await expect(page.getByRole('heading', { name: 'checklists', exact: true })).toBeVisible();
    await expect(page.getByTestId('synced-on')).toContainText('Synced on');
    await expect(page.getByRole('tab')).toHaveText(HOME_TABS.map((t) => new RegExp(`^${t.label}\\d+$`)));
    await expect(tab(page, 'In Progress')).toHaveAttribute('aria-selected', 'true');

    await expect(count(page, 'assigned')).toHaveText(String(tasks.length));
    await expect(count(page, 'inProgress')).toHaveText(String(pending.length));
    await expect(count(page, 'submitted')).toHaveText('0');
    await expect(count(page, 'forms')).toHaveText(String(Math.min(forms.length, FORMS_LISTED)));

    await expect(panel(page).getByTestId('in-progress-card')).toHaveCount(pending.length);
    expect(await seriousViolations(page), 'In Progress').toEqual([]);

    await tab(page, 'Assigned').click();
    const sorted = [...tasks].sort((a, b) => String(b.scheduledFor).localeCompare(String(a.scheduledFor)));
    await expect(panel(page).getByTestId('assigned-card').getByRole('heading')).toHaveText(
      sorted.map((t) => t.checklist),
    );
    const first = panel(page).getByTestId('assigned-card').first().getByRole('link');
    await expect(first).toHaveAttribute('target', '_blank');
    await expect(first).toHaveAttribute('href', new RegExp(`/${sorted[0]?.taskId}$`));
    expect(await seriousViolations(page), 'Assigned').toEqual([]);

    await tab(page, 'Submitted').click();
    await expect(panel(page).getByText(MESSAGES.submittedBanner)).toBeVisible();
    await expect(panel(page).getByText(MESSAGES.noRecords)).toBeVisible();
    expect(await seriousViolations(page), 'Submitted').toEqual([]);

    await tab(page, 'Forms').click();
    await expect(panel(page).getByTestId('form-card').getByRole('heading')).toHaveText(
      forms.slice(0, FORMS_LISTED).map(formTitle),
    );
    expect(await seriousViolations(page), 'Forms').toEqual([]);
  });
}

test('search runs from 2 characters and lists what the org finds', async ({ page }) => {
  await openHome(page, 'field.user@demo.org');
  await tab(page, 'Forms').click();
  await expect(panel(page).getByTestId('form-card').first()).toBeVisible();
  const searches: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/search?')) searches.push(r.url());
  });
  const box = page.getByRole('searchbox', { name: 'Search' });
  await box.fill('S');
  await page.waitForTimeout(800);
  expect(searches).toEqual([]);
  const expected = await bff<Form[]>(page, '/api/search?search=Safety');
  expect(expected.length).toBeGreaterThan(0);
  await box.fill('Safety');
  await expect(panel(page).getByTestId('form-card').getByRole('heading')).toHaveText(
    expected.slice(0, FORMS_LISTED).map(formTitle),
  );
  expect(searches.some((u) => u.endsWith('search=Safety'))).toBe(true);
});

test('download for offline on and off (with the confirmation), kept across a reload', async ({ page }) => {
  await openHome(page, 'field.user@demo.org');
  const forms = await bff<Form[]>(page, '/api/forms');
  const offlineForm = forms.slice(0, FORMS_LISTED).find((f) => f.Supports_Offline__c);
  expect(offlineForm).toBeDefined();
  const name = `Offline ${formTitle(offlineForm as Form)}`;
  await tab(page, 'Forms').click();
  const toggle = page.getByRole('checkbox', { name });
  await expect(toggle).not.toBeChecked();
  await toggle.press('Space');
  await expect(page.getByRole('checkbox', { name })).toBeChecked();
  await page.reload();
  await tab(page, 'Forms').click();
  await expect(page.getByRole('checkbox', { name })).toBeChecked();

  await page.getByRole('checkbox', { name }).press('Space');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(MESSAGES.removeOfflineConfirm);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('checkbox', { name })).not.toBeChecked();
});

test('Start on an assigned task opens its new submission; home then lists it In Progress', async ({
  page,
}) => {
  await openHome(page, 'field.user@demo.org');
  const pending = await bff<unknown[]>(page, '/api/pendingSubmissions');
  await expect(count(page, 'inProgress')).toHaveText(String(pending.length));
  const before = pending.length;
  await tab(page, 'Assigned').click();
  const card = panel(page).getByTestId('assigned-card').first();
  await card.getByRole('button', { name: /^Start / }).click();
  await page.waitForURL(/\/form\/[0-9a-f-]{36}$/);
  await page.goto(`${system.url}/`);
  await expect(count(page, 'inProgress')).toHaveText(String(before + 1));
});

test('Launch on a form creates a submission and opens it', async ({ page }) => {
  await openHome(page, 'field.user@demo.org');
  await tab(page, 'Forms').click();
  await panel(page)
    .getByTestId('form-card')
    .first()
    .getByRole('button', { name: /^Launch / })
    .click();
  await page.waitForURL(/\/form\/[0-9a-f-]{36}$/);
  await page.goto(`${system.url}/`);
  await expect(panel(page).getByTestId('in-progress-card').first()).toBeVisible();
});

test('everything on home is reachable by keyboard; arrow keys switch tabs', async ({ page }) => {
  await openHome(page, 'field.user@demo.org');
  const reached = new Set<string>();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    reached.add(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return (el?.getAttribute('aria-label') || el?.textContent || '').trim();
      }),
    );
  }
  const names = [...reached];
  for (const expected of ['Help', 'Notifications (0)', 'Profile: Frank Fielding', 'In Progress']) {
    expect(
      names.some((n) => n.startsWith(expected)),
      `${expected} in ${names.join(' | ')}`,
    ).toBe(true);
  }
  expect(names.some((n) => n.startsWith('Outbox'))).toBe(true);
  expect(names.some((n) => n.startsWith('Launch '))).toBe(true);
  await tab(page, 'In Progress').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Submitted')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Forms')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Tab'); // the tab panel itself is focusable (WAI-ARIA tabs pattern)
  await expect(panel(page)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused();
});

test('the outbox panel opens from the header count, with no serious axe violation', async ({ page }) => {
  await openHome(page, 'field.user@demo.org');
  await page.getByTestId('sync-count').click();
  await expect(page.getByTestId('outbox-panel')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('outbox-panel')).toHaveCount(0);
});

test('on a narrow screen the tabs are a selector', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openHome(page, 'field.user@demo.org');
  const select = page.getByLabel('Choose a list');
  await expect(select).toHaveValue('1');
  await expect(page.getByRole('tab')).toHaveCount(0);
  await select.selectOption('3');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('narrow-forms.png') });
  expect(await seriousViolations(page)).toEqual([]);
});

test('offline after one online sign-in: a reload still shows home from local data', async ({
  page,
  context,
}) => {
  await openHome(page, 'field.user@demo.org');
  // No extra reload: the header's sign says the whole app is on the device.
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
  // Counts are read once the org's pending records are imported (the network has settled).
  await page.waitForLoadState('networkidle');
  const inProgress = await count(page, 'inProgress').textContent();
  const assigned = await count(page, 'assigned').textContent();
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('[data-remote="mfe-home"]')).toBeVisible();
  await expect(page.getByTestId('online-status')).toHaveText('Offline');
  await expect(count(page, 'inProgress')).toHaveText(inProgress ?? '');
  await expect(count(page, 'assigned')).toHaveText(assigned ?? '');
  await context.setOffline(false);
});

test("another tab's org read shows at once on this tab's Synced on line", async ({ page, context }) => {
  // One fake clock for the context's pages, started now and moved on by hand: the later org read
  // happens in the second tab, five minutes on, while the first tab's own refresh has not come due.
  await context.clock.install({ time: new Date() });
  await openHome(page, 'field.user@demo.org');
  await page.waitForLoadState('networkidle');
  const syncedOn = page.getByTestId('synced-on');
  await expect(syncedOn).not.toContainText('never');
  const before = await syncedOn.textContent();

  await context.clock.setSystemTime(Date.now() + 5 * 60_000);
  const other = await context.newPage();
  await other.goto(`${system.url}/`);
  // The second tab first shows the kept time (minutes only, so possibly another minute than the first
  // tab's), then its own read's, five minutes on; the first tab shows that read through the host's
  // kept lists (a live query over the store), not a timer: its clock has not moved its own timers on.
  const later = (text: string | null): boolean => !!text && text !== before && /^Synced on /.test(text);
  await expect
    .poll(async () => {
      const [here, there] = [
        await syncedOn.textContent(),
        await other.getByTestId('synced-on').textContent(),
      ];
      return here === there && later(here);
    })
    .toBe(true);
});
