import { describe, expect, it } from 'vitest';
import { displayFields, formatFieldValue } from 'form-core';
import { photoRefs, reportModel, type ReportBlock } from './model';
import { LONG_NOTE, formDef, submission } from './testing/fixture';

const display = { timeZone: 'America/New_York', locale: 'en-US' };
const model = () =>
  reportModel({
    submission,
    formDef,
    record: 'North Depot (SI-0001)',
    inspector: 'Frank Fielding',
    identifier: 'FS-00042',
    display,
  });
const headings = (blocks: ReportBlock[]) => blocks.filter((b) => b.kind === 'heading').map((b) => b.text);

describe('reportModel', () => {
  it('fills the cover from the submission, times in the user time zone', () => {
    const { cover } = model();
    expect(cover).toMatchObject({
      title: 'FORM-0099 - Site Safety',
      version: '3',
      record: 'North Depot (SI-0001)',
      inspector: 'Frank Fielding',
      status: 'Submitted',
      identifier: 'FS-00042',
    });
    // 15:30 UTC is 10:30 in New York
    expect(cover.submitted).toBe('Nov 23, 2026, 10:30 AM');
    expect(cover.started).toBe('Nov 23, 2026, 9:00 AM');
  });

  it('keeps the sections in the form order and leaves out empty ones', () => {
    expect(headings(model().blocks)).toEqual(['Site', 'Checks', 'Measurements', 'Evidence']);
  });

  it('leaves out a field hidden by the form rules', () => {
    const rows = model().blocks.flatMap((b) => (b.kind === 'fields' ? b.rows : []));
    expect(rows.map((r) => r.label)).not.toContain('Internal note');
    expect(rows.map((r) => r.value)).not.toContain('do not print');
    // without the condition holding, the same field is shown
    const shown = reportModel({
      submission: { ...submission, data: { General: { Secret: 'visible now' } } },
      formDef,
    });
    const shownRows = shown.blocks.flatMap((b) => (b.kind === 'fields' ? b.rows : []));
    expect(shownRows).toContainEqual({ label: 'Internal note', value: 'visible now' });
  });

  it('puts failed items first, then flagged ones, each with its colour and label', () => {
    const { flagged } = model();
    expect(flagged.map((f) => [f.severity, f.label, f.value, f.section])).toEqual([
      ['failed', 'Exits clear?', 'Fail', 'Checks'],
      ['flagged', 'Extinguisher tagged?', 'Needs check', 'Checks'],
    ]);
    expect(flagged[0]?.colour).toEqual({ background: '#c53030', text: '#ffffff', name: 'red' });
  });

  it('formats values with the one display formatter of cards and print', () => {
    const rows = model().blocks.flatMap((b) => (b.kind === 'fields' ? b.rows : []));
    const visited = displayFields(formDef).find((f) => f.path.join('.') === 'General.Visited');
    expect(visited).toBeDefined();
    const expected = formatFieldValue(visited!, '2026-11-23', display);
    expect(rows).toContainEqual({ label: 'Visit date', value: expected });
    expect(rows).toContainEqual({ label: 'Notes', value: LONG_NOTE });
  });

  it('makes a table block with its columns in order and a header repeated across pages', () => {
    const table = model().blocks.find((b) => b.kind === 'table');
    expect(table).toMatchObject({ header: ['Point', 'Reading', 'Within limits'], repeatHeader: true });
    if (table?.kind !== 'table') throw new Error('no table');
    expect(table.rows).toHaveLength(80);
    expect(table.rows[1]).toEqual(['P2', '1.5', 'No']);
  });

  it('lists photos (not the kept originals) and signatures', () => {
    const m = model();
    expect(photoRefs(m).map((p) => [p.ref, p.name, p.caption])).toEqual([
      ['069000000000001AAA', 'bay.jpg', 'Loading bay'],
      ['069000000000002AAA', 'exit.jpg', undefined],
    ]);
    const sig = m.blocks.find((b) => b.kind === 'signatures');
    expect(sig).toMatchObject({
      items: [{ purpose: 'Inspector', signer: 'Frank Fielding', at: 'Nov 23, 2026, 10:30 AM' }],
    });
  });

  it('survives a malformed definition with no crash', () => {
    const m = reportModel({ submission: { id: 'x', data: null }, formDef: 'nonsense' });
    expect(m.blocks).toEqual([]);
    expect(m.cover.identifier).toBe('x');
  });
});
