import { expect, test, type Page } from '@playwright/test';
import { freeSystemPorts, startSystem, type RunningSystem } from '../support/system';

// The renderer in Chromium on the playground page (mfe-form's own origin, no org needed): what jsdom
// cannot show — drawing a signature on a real canvas, and the print stylesheet.
let system: RunningSystem;
test.beforeAll(async () => {
  system = await startSystem({ ports: await freeSystemPorts(), emulator: false, quiet: true });
});
test.afterAll(async () => system?.stop());

async function renderInPlayground(page: Page, schema: unknown, uischema: unknown, data: unknown) {
  await page.goto(`http://127.0.0.1:${system.ports['mfe-form']}/playground`);
  await expect(page.getByRole('heading', { name: 'Form renderer playground' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Schema', exact: true }).fill(JSON.stringify(schema));
  await page.getByRole('textbox', { name: 'UI schema', exact: true }).fill(JSON.stringify(uischema));
  await page.getByRole('textbox', { name: 'Data', exact: true }).fill(JSON.stringify(data));
  await page.getByRole('button', { name: 'Render' }).click();
}

const liveData = async (page: Page): Promise<Record<string, unknown>> =>
  JSON.parse((await page.getByTestId('live-data').textContent()) ?? '{}') as Record<string, unknown>;

test('a signature is saved on pen-up, without pressing Save', async ({ page }) => {
  await renderInPlayground(
    page,
    {
      type: 'object',
      properties: { Signatures: { type: 'array', title: 'Signatures', items: { type: 'object' } } },
    },
    {
      type: 'VerticalLayout',
      elements: [
        { type: 'signatureCard', scope: '#/properties/Signatures', options: { purpose: 'Inspector' } },
      ],
    },
    {},
  );
  const form = page.getByTestId('playground-form');
  await form.getByRole('button', { name: 'Sign here' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign here: Inspector' });
  const canvas = dialog.getByTestId('signature-canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  // One stroke with the mouse (pointer events): down, a zig-zag, up.
  await page.mouse.move(box.x + 30, box.y + 100);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 25, box.y + 100 + (i % 2 ? -40 : 40));
  expect(((await liveData(page)).Signatures as Array<{ SignatureBase64: string }>)[0]?.SignatureBase64).toBe(
    '',
  );
  await page.mouse.up();
  await expect
    .poll(
      async () =>
        ((await liveData(page)).Signatures as Array<{ SignatureBase64: string }>)[0]?.SignatureBase64,
    )
    .toMatch(/^data:image\/png;base64,/);
  const signature = (
    (await liveData(page)).Signatures as Array<{ SignatureBase64: string; Purpose: string }>
  )[0];
  expect(signature?.Purpose).toBe('Inspector');
  // A real drawing: far more than an empty canvas's PNG.
  expect(signature?.SignatureBase64.length).toBeGreaterThan(2000);
  // Closing without Save keeps it; the card shows the image.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(form.getByRole('img', { name: 'Signature 1' })).toBeVisible();

  // Clear empties it again, also without Save.
  await form.getByRole('button', { name: 'Sign here' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clear' }).click();
  await expect
    .poll(
      async () =>
        ((await liveData(page)).Signatures as Array<{ SignatureBase64: string }>)[0]?.SignatureBase64,
    )
    .toBe('');
});

test('print styles: buttons and footer hidden, the print header and textarea copies shown', async ({
  page,
}) => {
  const notes = 'Line one of the findings\nline two\nline three\nline four\nline five\nline six\nline seven';
  await renderInPlayground(
    page,
    {
      type: 'object',
      properties: {
        Notes: { type: 'string', title: 'Notes' },
        Items: {
          type: 'array',
          title: 'Items',
          items: { type: 'object', properties: { n: { type: 'string', title: 'N' } } },
        },
      },
    },
    {
      type: 'VerticalLayout',
      elements: [
        { type: 'print', options: { header: 'Site inspection', subheader: 'North yard' } },
        { type: 'Control', scope: '#/properties/Notes', options: { multi: true } },
        {
          type: 'ListWithDetail',
          scope: '#/properties/Items',
          elements: [{ type: 'Control', scope: '#/properties/n' }],
        },
      ],
    },
    { Notes: notes, Items: [{ n: 'first' }] },
  );
  const form = page.getByTestId('playground-form');
  const printButton = form.getByRole('button', { name: 'Print' });
  const addButton = form.getByRole('button', { name: 'Add' });
  const textarea = form.getByRole('textbox', { name: 'Notes' });
  const copy = form.getByTestId('textarea-print-copy');
  // A footer on the page, as the form screen has one: hidden on paper by the renderer's stylesheet.
  await page.evaluate(() => {
    const footer = document.createElement('footer');
    footer.textContent = 'Save and submit';
    document.querySelector('[data-testid="playground-form"]')?.append(footer);
  });
  const footer = form.locator('footer');

  await page.emulateMedia({ media: 'screen' });
  await expect(printButton).toBeVisible();
  await expect(addButton).toBeVisible();
  await expect(textarea).toBeVisible();
  await expect(copy).toBeHidden();
  await expect(form.getByText('Site inspection')).toBeHidden();
  await expect(footer).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await expect(printButton).toBeHidden();
  await expect(addButton).toBeHidden();
  await expect(footer).toBeHidden();
  await expect(textarea).toBeHidden();
  await expect(copy).toBeVisible();
  await expect(copy).toHaveText(notes);
  // The whole text is laid out (a textarea would cut it after its rows).
  const lines = await copy.evaluate(
    (el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight || '20'),
  );
  expect(lines).toBeGreaterThanOrEqual(6.5);
  await expect(form.getByText('Site inspection')).toBeVisible();
  await expect(form.getByText('North yard')).toBeVisible();

  await page.emulateMedia({ media: 'screen' });
  await expect(printButton).toBeVisible();
  await expect(copy).toBeHidden();
});
