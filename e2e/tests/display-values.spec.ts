import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { launchFromHome, openHome } from '../support/form-screen';
import { systemForFile } from '../support/session';

// Issue 19.4: cards and headers show field titles and formatted values, the same for a record
// imported from the org and a local one. The browser runs in Tokyo with a British locale while the
// field user's org time zone is New York and their Salesforce locale en_US: every date must be in New
// York time, in the user's own locale's style (issue 44: LocaleSidKey, not the browser's).

const env = systemForFile();
const USER_TIME_ZONE = 'America/New_York'; // the field user's TimeZoneSidKey (org-emulator seed)
const LOCALE = 'en-GB';
const USER_LOCALE = 'en-US'; // the field user's LocaleSidKey (org-emulator seed)
const INCIDENT = 'FORM-0005 - Incident Report';
const SHOTS = process.env.SHOT_DIR ?? 'test-results/display-values';

test.use({ locale: LOCALE, timezoneId: 'Asia/Tokyo', viewport: { width: 1280, height: 900 } });

/** What the user should read for an instant: written out here, not through the product's formatter. */
const userDateTime = (iso: string): string =>
  new Intl.DateTimeFormat(USER_LOCALE, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: USER_TIME_ZONE,
  }).format(
    // the org writes '+0000' (no colon); the test's own parse
    new Date(iso.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')),
  );

/** The 'YYYY-MM-DDTHH:mm' a datetime-local input shows for an instant in the user's time zone. */
const userWallClock = (iso: string): string =>
  new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'short', timeZone: USER_TIME_ZONE })
    .format(new Date(iso.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')))
    .replace(' ', 'T');

interface PendingRow {
  Id: string;
  Uniqueness_Constraint__c: string;
  LastModifiedDate: string;
  Submission_JSON__c: string | null;
}
interface IncidentData {
  General: { CQ_Form_When: string; CQ_Form_What: string };
  cqext__SQX_Inspection__c: { cqext__Contact__c: string; cqext__Contact__c_Id: string };
}

async function bff<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`${env.system.url}${path}`);
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

const fieldTexts = (card: Locator): Promise<string[]> => card.getByTestId('field-value').allTextContents();
const inProgressCards = (page: Page) => page.getByRole('tabpanel').getByTestId('in-progress-card');

test('a record imported from the org and a local one show the same titles and formatted values on home, the form header and print', async ({
  page,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await openHome(page, env.system.url);

  // The demo org's In Progress submission of the incident form (FORM-0005), as the BFF lists it.
  const rows = await bff<PendingRow[]>(page, '/api/pendingSubmissions');
  const row = rows.find((r) => (r.Submission_JSON__c ?? '').includes('CQ_Form_When'));
  if (!row?.Submission_JSON__c) throw new Error('the seeded in-progress incident is missing');
  const data = (JSON.parse(row.Submission_JSON__c) as { data: IncidentData }).data;
  const when = data.General.CQ_Form_When;
  const reporter = data.cqext__SQX_Inspection__c.cqext__Contact__c;
  expect(when).toMatch(/\+0000$/); // the org's own format
  const importedId = row.Uniqueness_Constraint__c.split('#')[1] ?? '';

  const expected = [
    `When did it happen? ${userDateTime(when)}`,
    `What happened? ${data.General.CQ_Form_What}`,
    `Reported by: ${reporter}`,
  ];
  const imported = inProgressCards(page).filter({ hasText: data.General.CQ_Form_What });
  await expect(imported).toHaveCount(1);
  await expect(imported.getByTestId('field-value')).toHaveText(expected);
  await expect(imported).not.toContainText('cqext__');
  await expect(imported).not.toContainText('CQ_Form_');
  await expect(imported).not.toContainText('+0000');
  await expect(imported.getByTestId('card-created')).toHaveText(
    new RegExp(`^Created ${userDateTime(row.LastModifiedDate)} · `),
  );

  // A local submission of the same form with the same answers, filled in the form.
  const localId = await launchFromHome(page, INCIDENT);
  const created = await page.getByTestId('form-created').textContent();
  // the date-time input is in the user's time zone too (New York), not the browser's (Tokyo)
  const whenInput = userWallClock(when);
  await page.getByLabel('When did it happen?').fill(whenInput);
  await page.getByLabel('What happened?').fill(data.General.CQ_Form_What);
  const lookup = page.getByRole('combobox', { name: 'Reported by' });
  await lookup.fill(reporter.split(' ')[0] ?? reporter);
  await page.getByRole('option', { name: reporter }).first().click();
  await expect(lookup).toHaveValue(reporter);
  await page.getByTestId('form-footer').getByRole('button', { name: 'Close' }).click();
  await page.waitForURL(`${env.system.url}/`);

  const both = inProgressCards(page).filter({ hasText: data.General.CQ_Form_What });
  await expect(both).toHaveCount(2);
  // newest first: the local one, then the org's (created at its LastModifiedDate)
  const local = both.first();
  await expect(both.last().getByTestId('card-created')).toHaveText(
    new RegExp(`^Created ${userDateTime(row.LastModifiedDate)} · `),
  );
  await expect(local.getByTestId('field-value')).toHaveText(expected);
  expect(await fieldTexts(local)).toEqual(await fieldTexts(both.last()));
  // the local card's Created line is the form header's date, in the same words
  await expect(local.getByTestId('card-created')).toHaveText(
    new RegExp(`^${(created ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `),
  );

  await page.screenshot({ path: `${SHOTS}/home-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/home-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The imported record's form header and print view say Created the way its home card does.
  await page.goto(`${env.system.url}/form/${importedId}`);
  await expect(page.getByTestId('form-created')).toHaveText(`Created ${userDateTime(row.LastModifiedDate)}`);
  await expect(page.getByLabel('What happened?')).toHaveValue(data.General.CQ_Form_What);
  await expect(page.getByLabel('When did it happen?')).toHaveValue(userWallClock(when));
  await page.screenshot({ path: `${SHOTS}/form-header-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/form-header-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${env.system.url}/form/${importedId}?view=print`);
  await expect(page.getByTestId('print-subheader')).toHaveText(
    `Created ${userDateTime(row.LastModifiedDate)} · Status in progress`,
  );
  await page.goto(`${env.system.url}/form/${localId}?view=print`);
  await expect(page.getByTestId('print-subheader')).toHaveText(`${created ?? ''} · Status in progress`);
});
