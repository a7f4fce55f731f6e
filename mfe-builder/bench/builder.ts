// `npm run bench:builder`: the form builder with a generated form of 500 fields in 10 sections, in
// Chromium over the running system and org emulator. Prints, against the issue's goals:
//  1. load-to-interactive: navigation start until all 500 canvas fields are on screen (p95 of --loads);
//  2. drag-and-drop move: pointer release until the moved field is drawn in its new section (next frame);
//     every move is then checked in the model: the form autosaved to the org is read back and its
//     sections must hold exactly the rows the same moves give in the model here;
//  3. edit: Save in the field edit modal until the new label is drawn (next frame);
//  4. undo of the last 100 edits (100 sections added): 100 Ctrl+Z keydowns, each in its own task and
//     each committed to the DOM (the section count drops by one) before the next; total from the
//     first keydown to the frame after the last. Each undo's latency to the next frame is printed
//     too (judged against the 50 ms interaction goal). This replaced waiting for a frame after each
//     undo: a frame wait is quantised to the display frame (the bench prints the rAF interval it
//     measures, 16.7 ms at 60 Hz), so 100 of them alone took ≥ 1.7 s and that measure could not
//     meet a 1 s total whatever an undo cost.
//  5. drag-and-drop move as in 2. on a form of --drag-fields (200) fields in 4 sections, median and
//     p95 with the load average beside them (the machine may be shared).
// Goals: each interaction ≤ 50 ms p95, undo of 100 edits ≤ 1 s in total, drag at 200 fields ≤ 33 ms
// p95 (two frames).
// Options: --fields N (500), --sections N (10), --rounds N (20), --loads N (5), --cpuprofile FILE (a
// Chromium CPU profile of the undo phase, for DevTools), --drag-cpuprofile FILE (the same of the drags at
// --drag-fields), --trace PREFIX (Chromium performance traces
// of the drag and undo phases, PREFIX-drag.json and PREFIX-undo.json, for DevTools' Performance panel).
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createField } from '../src/model/field-factory';
import { addField, addSection, moveField } from '../src/model/layout';
import { generalPalette } from '../src/model/palette';
import { emptyForm } from '../src/model/reader';
import type { BuilderForm } from '../src/model/types';
import { fromBase64, serializeForm, toFormJson } from '../src/model/writer';
import { DEMO_ORG, ORG_API_VERSION, OrgClient } from 'test-kit';
import { chromiumLaunchOptions, signInAtOrg } from 'test-kit/browser';
import { freeSystemPorts, startSystem } from 'test-kit/system';
import { chromium } from 'playwright-core';
import { benchGoal } from '../../scripts/bench-goal.mjs';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const FIELDS = arg('fields', 500);
const SECTIONS = arg('sections', 10);
const ROUNDS = arg('rounds', 20);
const LOADS = arg('loads', 5);
const GOAL_MS = 50;
const UNDO_GOAL_MS = 1000;
/** The drag goal on a checklist-sized form (issue 31): two frames at 60 Hz. */
const DRAG_FIELDS = arg('drag-fields', 200);
const DRAG_SECTIONS = 4;
const DRAG_GOAL_MS = 33;

const p95 = (v: number[]) =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.ceil(v.length * 0.95) - 1)] ?? NaN;
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? NaN;
const fmt = (n: number) => n.toFixed(1);

function generatedForm(fieldCount = FIELDS, sectionCount = SECTIONS): BuilderForm {
  const kinds = ['text', 'dropdown', 'date', 'yesno'];
  const palette = generalPalette();
  let form = emptyForm({
    cqFormType: 'cqext__SQX_Inspection__c',
    primaryLabel: 'Inspection',
    formName: 'Builder bench',
  });
  for (let s = 1; s < sectionCount; s++) form = addSection(form);
  for (let i = 0; i < fieldCount; i++) {
    const item = palette.find((p) => p.general === kinds[i % kinds.length])!;
    form = addField(form, i % sectionCount, createField(form, item));
  }
  return form;
}

const gridOf = (form: BuilderForm) => JSON.stringify(toFormJson(form).formBuilderGridPerSection);

async function main() {
  // The model the page starts from; the bench applies each landed move to it as well.
  let model = generatedForm();
  const system = await startSystem({ ports: await freeSystemPorts(), quiet: true });
  const org = `http://127.0.0.1:${system.ports.emulator}`;
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const orgClient = new OrgClient(org, { username: DEMO_ORG.admin });
    const id = await orgClient.insert('cqext__SQX_Form_Definition__c', {
      Name: 'Builder bench',
      cqext__Title__c: 'Builder bench',
      cqext__Form_Builder_JSON__c: Buffer.from(serializeForm(model)).toString('base64'),
    });

    // Tall: source and target on screen together, no scrolling mid-drag.
    const page = await browser.newPage({ viewport: { width: 1400, height: 4000 } });
    // tsx (esbuild keepNames) wraps named functions in __name(): give the page one.
    await page.addInitScript('window.__name = (f) => f');
    await signInAtOrg(page, system.url, 'admin@demo.org');
    const url = `${system.url}/CQEditFormSF/${id}`;

    // 1. Load to interactive.
    const loads: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      await page.goto(url);
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="canvas-field"]').length === n,
        FIELDS,
        { timeout: 120_000 },
      );
      loads.push(await page.evaluate(() => performance.now()));
    }

    // 2. Drag-and-drop moves across the boundary of sections 1 and 2, so that source and target are
    // on screen together (each section is taller than the window): the first field of section 2
    // to the end of section 1, then back, dropped on section 2's first field (insert before it).
    const tracePrefix = process.argv.includes('--trace')
      ? process.argv[process.argv.indexOf('--trace') + 1]
      : undefined;
    const traced = async (phase: string, run: () => Promise<void>) => {
      if (tracePrefix)
        await browser.startTracing(page, { path: `${tracePrefix}-${phase}.json`, screenshots: false });
      await run();
      if (tracePrefix) await browser.stopTracing();
    };
    // Drag-and-drop rounds on the page's current form (see 2. below); `landed` is told each landed move.
    const dragRounds = async (landed: (fieldId: number, toSection: number) => void) => {
      const out = { moves: [] as number[], missed: 0 };
      for (let i = 0; i < ROUNDS; i++) {
        const toSection = i % 2 === 0 ? 1 : 2;
        const fields = (n: number) => page.locator(`[data-drop-id="drop-${n}"] [data-testid="canvas-field"]`);
        const chip = toSection === 1 ? fields(2).first() : fields(1).last();
        const fieldId = (await chip.getAttribute('data-field-id')) ?? '';
        // Section 1's free strip (append), or section 2's first field (insert before it).
        const zone = toSection === 1 ? page.locator('[data-drop-id="drop-1"]') : fields(2).first();
        const zoneLit =
          toSection === 1
            ? '[data-drop-id="drop-1"][data-drop-over="true"]'
            : `[data-field-id="${(await zone.getAttribute('data-field-id')) ?? ''}"][style*="blue-500"]`;
        await page.locator('[data-drop-id="drop-2"]').evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await page.evaluate(() => window.scrollBy(0, -400));
        const waiting = page.evaluate(
          ({ fid, target }) =>
            new Promise<number>((resolve) => {
              let t0 = 0;
              window.addEventListener(
                'pointerup',
                () => {
                  t0 = performance.now();
                  // A drop that did not land within 10 s is reported (NaN), never waited on forever.
                  setTimeout(() => {
                    obs.disconnect();
                    resolve(Number.NaN);
                  }, 10_000);
                },
                { capture: true, once: true },
              );
              const check = () => {
                const el = document.querySelector(`[data-field-id="${fid}"]`);
                if (t0 && el?.closest(`[data-drop-id="drop-${target}"]`)) {
                  obs.disconnect();
                  requestAnimationFrame(() => resolve(performance.now() - t0));
                }
              };
              const obs = new MutationObserver(check);
              obs.observe(document.body, { childList: true, subtree: true });
            }),
          { fid: fieldId, target: toSection },
        );
        const a = (await chip.boundingBox())!;
        await page.mouse.move(a.x + 20, a.y + 15);
        await page.mouse.down();
        await page.mouse.move(a.x + 30, a.y + 25, { steps: 2 });
        // As a user does: see the field lift, move it, see the target zone light up, release. dnd-kit
        // takes a release before its drag has started as a click, and the drop is resolved where the
        // button is released; the time is counted from the release.
        const shown = (selector: string) =>
          page
            .locator(selector)
            .waitFor({ timeout: 10_000 })
            .then(() => true)
            .catch(() => false);
        const lifted = await shown(`[data-field-id="${fieldId}"] [aria-pressed="true"]`);
        const b = (await zone.boundingBox())!;
        const y = toSection === 1 ? b.y + b.height - 8 : b.y + b.height / 2;
        await page.mouse.move(b.x + b.width / 2, y, { steps: 5 });
        const lit = lifted && (await shown(zoneLit));
        if (!lit)
          console.error(`drag ${i}: ${lifted ? 'the target never lit up' : 'the field never lifted'}`);
        await page.mouse.up();
        const ms = await waiting;
        if (Number.isNaN(ms)) out.missed++;
        else {
          out.moves.push(ms);
          landed(Number(fieldId), toSection);
        }
      }
      return out;
    };
    let moves: number[] = [];
    let missed = 0;
    await traced('drag', async () => {
      ({ moves, missed } = await dragRounds((fieldId, toSection) => {
        model = moveField(model, fieldId, toSection - 1, toSection === 1 ? 'end' : { row: 0, index: 0 });
      }));
    });

    // The moves in the model: autosave (every 10 s) writes the form to the org; read it back until
    // its rows equal the model's after the same moves (or give up after 60 s).
    const expectedGrid = gridOf(model);
    let savedGrid = '';
    for (let waited = 0; waited < 60_000 && savedGrid !== expectedGrid; waited += 2000) {
      await new Promise((r) => setTimeout(r, 2000));
      const rec = (await (
        await orgClient.fetch(
          `/services/data/${ORG_API_VERSION}/sobjects/cqext__SQX_Form_Definition__c/${id}`,
        )
      ).json()) as { cqext__Form_Builder_JSON__c?: string };
      const raw = rec.cqext__Form_Builder_JSON__c ?? '';
      const json = JSON.parse(raw.trimStart().startsWith('{') ? raw : fromBase64(raw)) as {
        formBuilderGridPerSection?: unknown;
      };
      savedGrid = JSON.stringify(json.formBuilderGridPerSection);
    }
    const modelChecked = savedGrid === expectedGrid;

    // 3. Edits: rename a field through the edit modal.
    const edits: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const chip = page.locator('[data-testid="canvas-field"][data-kind="text"]').nth(i);
      const fieldId = (await chip.getAttribute('data-field-id')) ?? '';
      await chip.getByRole('button', { name: /^Edit / }).click();
      const modal = page.getByRole('dialog');
      const label = `Edited ${i}`;
      await modal.getByRole('textbox', { name: /^Label/ }).fill(label);
      const waiting = page.evaluate(
        ({ fid, text }) =>
          new Promise<number>((resolve) => {
            const t0 = performance.now();
            const check = () => {
              if (document.querySelector(`[data-field-id="${fid}"]`)?.textContent?.includes(text)) {
                obs.disconnect();
                requestAnimationFrame(() => resolve(performance.now() - t0));
              }
            };
            const obs = new MutationObserver(check);
            obs.observe(document.body, { childList: true, subtree: true, characterData: true });
            (document.querySelector('[role="dialog"] button[type="submit"]') as HTMLButtonElement).click();
          }),
        { fid: fieldId, text: label },
      );
      edits.push(await waiting);
      await modal.waitFor({ state: 'hidden' });
    }

    // 4. 100 edits (sections added), then undo them all.
    for (let i = 0; i < 100; i++) await page.getByRole('button', { name: 'Add Section' }).click();
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    const profileFile = process.argv[process.argv.indexOf('--cpuprofile') + 1];
    const cdp = process.argv.includes('--cpuprofile') ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    // The display frame in this Chromium: a wait for the next frame is quantised to it.
    const frameMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const stamps: number[] = [];
          const tick = (t: number) => {
            stamps.push(t);
            if (stamps.length < 61) requestAnimationFrame(tick);
            else {
              const gaps = stamps.slice(1).map((x, i) => x - stamps[i]!);
              resolve(gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!);
            }
          };
          requestAnimationFrame(tick);
        }),
    );
    // Each Ctrl+Z is its own task (a MessageChannel hop: nested setTimeout(0) would be clamped to
    // 4 ms), and each must be committed before the next: the section count is checked after every
    // one. The total runs from the first keydown to the frame after the last; each undo's latency is
    // from its keydown to the first frame after its commit (not awaited: undos go on meanwhile).
    if (tracePrefix)
      await browser.startTracing(page, { path: `${tracePrefix}-undo.json`, screenshots: false });
    const undo = await page.evaluate(async (expectedStart) => {
      // The sections are the children of one list element: counting them costs nothing (a
      // document-wide query per check was a measurable part of the total).
      const list = document.querySelector('[data-testid="section"]')?.parentElement;
      const count = () =>
        [...(list?.children ?? [])].filter((el) => el.getAttribute('data-testid') === 'section').length;
      const channel = new MessageChannel();
      const nextTask = () =>
        new Promise<void>((resolve) => {
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        });
      const committed = (n: number) =>
        new Promise<boolean>((resolve) => {
          if (count() === n) return resolve(true);
          const timer = setTimeout(() => {
            obs.disconnect();
            resolve(false);
          }, 5000);
          const obs = new MutationObserver(() => {
            if (count() !== n) return;
            obs.disconnect();
            clearTimeout(timer);
            resolve(true);
          });
          obs.observe(document.body, { childList: true, subtree: true });
        });
      const latencies: number[] = [];
      let failed = count() === expectedStart ? -1 : 0;
      const start = performance.now();
      for (let i = 0; i < 100 && failed < 0; i++) {
        await nextTask();
        const t0 = performance.now();
        window.dispatchEvent(
          new KeyboardEvent('keydown', { key: 'z', code: 'KeyZ', ctrlKey: true, bubbles: true }),
        );
        if (!(await committed(expectedStart - i - 1))) failed = i;
        requestAnimationFrame(() => latencies.push(performance.now() - t0));
      }
      await new Promise((r) => requestAnimationFrame(r));
      const total = performance.now() - start;
      return { total, latencies, failed, sections: count() };
    }, SECTIONS + 100);
    if (tracePrefix) await browser.stopTracing();

    if (cdp && profileFile) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(profileFile, JSON.stringify(profile));
    }

    // 5. Drag on a form of a size checklists have (issue 31): DRAG_FIELDS fields, the same moves,
    // judged against two frames. Last, so the phases above run as before.
    const smallId = await orgClient.insert('cqext__SQX_Form_Definition__c', {
      Name: 'Builder bench small',
      cqext__Title__c: 'Builder bench small',
      cqext__Form_Builder_JSON__c: Buffer.from(
        serializeForm(generatedForm(DRAG_FIELDS, DRAG_SECTIONS)),
      ).toString('base64'),
    });
    await page.goto(`${system.url}/CQEditFormSF/${smallId}`);
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="canvas-field"]').length === n,
      DRAG_FIELDS,
      { timeout: 120_000 },
    );
    // --drag-cpuprofile FILE: a Chromium CPU profile of these drags (where a drop's time goes).
    const dragProfile = process.argv.includes('--drag-cpuprofile')
      ? process.argv[process.argv.indexOf('--drag-cpuprofile') + 1]
      : undefined;
    const dragCdp = dragProfile ? await page.context().newCDPSession(page) : null;
    if (dragCdp) {
      await dragCdp.send('Profiler.enable');
      await dragCdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await dragCdp.send('Profiler.start');
    }
    const small = await dragRounds(() => undefined);
    if (dragCdp && dragProfile) {
      const { profile } = await dragCdp.send('Profiler.stop');
      writeFileSync(dragProfile, JSON.stringify(profile));
    }
    const loadAtSmall = loadavg();

    console.log(`bench:builder — ${FIELDS} fields in ${SECTIONS} sections, Chromium ${browser.version()}`);
    console.log(
      `load to interactive   median ${fmt(median(loads))} ms  p95 ${fmt(p95(loads))} ms  (${LOADS} loads; no goal, for reference)`,
    );
    const line = (name: string, v: number[]) =>
      console.log(
        `${name.padEnd(21)} median ${fmt(median(v))} ms  p95 ${fmt(p95(v))} ms  goal ${GOAL_MS} ms  ratio ${fmt(p95(v) / GOAL_MS)}x  (${v.length} rounds)`,
      );
    line('drag-and-drop move', moves);
    benchGoal(
      'bench:builder',
      `drag-and-drop move p95 <= ${GOAL_MS} ms`,
      `${fmt(p95(moves))} ms`,
      p95(moves) <= GOAL_MS,
    );
    if (missed) console.log(`  (${missed} drags did not land and are not counted)`);
    console.log(
      `drag-and-drop move at ${DRAG_FIELDS} fields  median ${fmt(median(small.moves))} ms  p95 ${fmt(p95(small.moves))} ms  goal ${DRAG_GOAL_MS} ms  ratio ${fmt(p95(small.moves) / DRAG_GOAL_MS)}x  (${small.moves.length} rounds; load average ${loadAtSmall.map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} cores)`,
    );
    benchGoal(
      'bench:builder',
      `drag-and-drop move p95 <= ${DRAG_GOAL_MS} ms at ${DRAG_FIELDS} fields`,
      `${fmt(p95(small.moves))} ms (median ${fmt(median(small.moves))} ms, load average ${loadAtSmall[0]!.toFixed(1)})`,
      p95(small.moves) <= DRAG_GOAL_MS && small.missed === 0,
    );
    if (small.missed) {
      console.log(`  (${small.missed} drags at ${DRAG_FIELDS} fields did not land)`);
      process.exitCode = 1;
    }

    console.log(
      `  moves in the saved model: ${modelChecked ? `all ${moves.length} read back as moved` : 'MISMATCH: the saved rows differ from the moves'}`,
    );
    if (!modelChecked || missed) process.exitCode = 1;
    line('edit (modal save)', edits);
    benchGoal(
      'bench:builder',
      `field edit p95 <= ${GOAL_MS} ms`,
      `${fmt(p95(edits))} ms`,
      p95(edits) <= GOAL_MS,
    );
    benchGoal(
      'bench:builder',
      `undo of the last 100 edits <= ${UNDO_GOAL_MS} ms`,
      `${fmt(undo.total)} ms`,
      undo.total <= UNDO_GOAL_MS && undo.failed < 0,
    );
    console.log(
      `undo last 100 edits   total ${fmt(undo.total)} ms  goal ${UNDO_GOAL_MS} ms  ratio ${fmt(undo.total / UNDO_GOAL_MS)}x  (sections left: ${undo.sections}, expected ${SECTIONS})`,
    );
    if (undo.failed >= 0) {
      console.log(`  undo ${undo.failed + 1} was not committed (section count) within 5 s`);
      process.exitCode = 1;
    }
    line('  each undo to frame', undo.latencies);
    console.log(
      `  display frame ${fmt(frameMs)} ms (median rAF interval): one frame wait per undo alone is ≥ ${fmt(100 * frameMs)} ms for 100`,
    );
  } finally {
    await browser.close();
    await system.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
