import { describe, expect, it } from 'vitest';
import {
  applyStartingData,
  checklistSections,
  contextRecord,
  controlledDocumentId,
  parseQuestionOptions,
  questionControl,
  questionOf,
  quickLinks,
} from './checklist';
import type { FormDefinition } from 'shared-contracts';

const COLOURS = 'Pass|Pass|green-white\nFail|Fail|red-white\nN/A|Not Applicable|grey-black';

const question = (id: string, section: string, order: number, extra: Record<string, unknown> = {}) => ({
  Id: id,
  Name: `Q-${id}`,
  cqext__Question__c: `Question ${id}?`,
  cqext__Question_Type__c: 'Picklist',
  cqext__Result_Type__c: 'Color Code',
  cqext__Options__c: COLOURS,
  cqext__Section__c: section,
  cqext__Order__c: order,
  ...extra,
});

const startingData = {
  doc: [
    {
      Id: 'DOC1',
      Name: 'DOC-0001',
      cqext__Sections__r: {
        totalSize: 2,
        done: true,
        records: [
          { Id: 'S2', Name: 'DOC-0001-S2', cqext__Section_Title__c: 'Equipment', cqext__Order__c: 2 },
          { Id: 'S1', Name: 'DOC-0001-S1', cqext__Section_Title__c: 'General', cqext__Order__c: 1 },
        ],
      },
      cqext__Questions__r: {
        records: [
          question('Q2', 'S1', 2, { cqext__Question_Type__c: 'Radio', cqext__Required__c: true }),
          question('Q1', 'S1', 1),
          question('Q3', 'S2', 1, { cqext__Result_Type__c: 'Text', cqext__Options__c: 'Yes|Yes\nNo|No' }),
        ],
      },
    },
  ],
};

const formDef = (): FormDefinition => ({
  schema: { type: 'object', properties: { General: { type: 'object', properties: {} } } },
  ui: {
    type: 'VerticalLayout',
    elements: [
      { type: 'Section', sectionId: 'section-1', label: 'Inspection', elements: [] },
      { type: 'Section', sectionId: 'section-2', label: 'Criteria', elements: [] },
    ],
  },
  queries: [{ type: 'DOCUMENTS', key: 'doc', sectionId: 'section-1', objectType: 'x', fields: ['Id'] }],
});

describe('question to control', () => {
  it('maps Picklist to select and Radio to radio, scoped to the answer by question Id', () => {
    const q = questionOf(question('Q9', 'S1', 1));
    expect(questionControl(q).ui).toMatchObject({
      type: 'select',
      scope: '#/properties/Checklist/properties/Q9',
      label: 'Question Q9?',
    });
    const r = questionOf(question('Q8', 'S1', 1, { cqext__Question_Type__c: 'Radio' }));
    expect(questionControl(r).ui.type).toBe('radio');
    // no namespace (an unmanaged deploy) reads the same
    const plain = questionOf({ Id: 'Q7', Question__c: 'Plain?', Question_Type__c: 'radio', Options__c: 'A' });
    expect(plain).toMatchObject({ type: 'Radio', text: 'Plain?', options: [{ const: 'A', title: 'A' }] });
  });

  it('gives Color Code options readable colours and always a label; other results no colour', () => {
    const options = parseQuestionOptions(COLOURS, true);
    expect(options[0]).toEqual({
      const: 'Pass',
      title: 'Pass',
      color: 'green-white',
      backgroundColor: '#276749',
      textColor: '#ffffff',
    });
    expect(options[1]?.backgroundColor).toBe('#c53030');
    expect(options[2]?.title).toBe('Not Applicable');
    expect(parseQuestionOptions(COLOURS, false)).toEqual([
      { const: 'Pass', title: 'Pass' },
      { const: 'Fail', title: 'Fail' },
      { const: 'N/A', title: 'Not Applicable' },
    ]);
    // blank lines and repeated values are dropped
    expect(parseQuestionOptions('A\n\nA|again\nB|Bee', false)).toEqual([
      { const: 'A', title: 'A' },
      { const: 'B', title: 'Bee' },
    ]);
  });

  it('marks a question required only when the question says so', () => {
    expect(questionOf(question('Q1', 'S', 1)).required).toBe(false);
    expect(questionOf(question('Q1', 'S', 1, { cqext__Required__c: true })).required).toBe(true);
  });
});

describe('starting-data merge', () => {
  it('orders sections and questions and keeps each document section with its own questions', () => {
    const s = checklistSections(formDef(), startingData);
    expect(s.map((x) => [x.id, x.title, x.questions.map((q) => q.id)])).toEqual([
      ['S1', 'General', ['Q1', 'Q2']],
      ['S2', 'Equipment', ['Q3']],
    ]);
    expect(s[0]?.hostSectionId).toBe('section-1');
  });

  it('puts quick links first and the document sections after the form section they were dropped into', () => {
    const merged = applyStartingData(formDef(), startingData, { Account: {} });
    const root = merged.ui as { elements: { type: string; sectionId?: string }[] };
    expect(root.elements.map((e) => e.sectionId ?? e.type)).toEqual([
      'quicklinks',
      'section-1',
      'S1',
      'S2',
      'section-2',
    ]);
    const checklist = merged.schema.properties?.Checklist;
    expect(Object.keys(checklist?.properties ?? {})).toEqual(['Q1', 'Q2', 'Q3']);
    expect(checklist?.required).toEqual(['Q2']);
    expect(merged.startingData).toBe(startingData);
    expect(merged.lookupCacheData).toEqual({ Account: {} });
    expect(controlledDocumentId(merged)).toBe('DOC1');
  });

  it('keeps the lookups "Download for offline" kept when the starting data is merged again online', () => {
    const kept = {
      ...formDef(),
      lookupCacheData: { $lookups: { 'Account|Name|Id': { object: 'Account' } } },
    };
    const merged = applyStartingData(kept, startingData, { Account: { '001': 'Acme' } });
    expect(merged.lookupCacheData).toEqual({
      $lookups: { 'Account|Name|Id': { object: 'Account' } },
      Account: { '001': 'Acme' },
    });
  });

  it('is idempotent, and fresh starting data replaces what an earlier merge added', () => {
    const once = applyStartingData(formDef(), startingData);
    expect(applyStartingData(once, startingData)).toEqual(once);
    const gone = applyStartingData(once, { doc: [] });
    expect(gone.schema.properties?.Checklist).toBeUndefined();
    expect((gone.ui as { elements: unknown[] }).elements).toHaveLength(2);
  });

  it('places a document whose form section is missing at the end, and ignores a document that did not load', () => {
    const def = formDef();
    def.queries = [
      { type: 'DOCUMENTS', key: 'doc', sectionId: 'nowhere', objectType: 'x', fields: ['Id'] },
      { type: 'DOCUMENTS', key: 'missing', sectionId: 'section-1', objectType: 'x', fields: ['Id'] },
    ];
    const root = applyStartingData(def, startingData).ui as { elements: { sectionId?: string }[] };
    expect(root.elements.map((e) => e.sectionId ?? '-')).toEqual(['-', 'section-1', 'section-2', 'S1', 'S2']);
  });

  it('counts Total and Done per section from the answers', () => {
    const sections = checklistSections(formDef(), startingData);
    expect(quickLinks(sections, { Checklist: { Q1: 'Pass', Q2: ' ', Q3: 'No' } })).toEqual([
      { Id: 'S1', Name: 'General', Total: 2, Done: 1 },
      { Id: 'S2', Name: 'Equipment', Total: 1, Done: 1 },
    ]);
    expect(quickLinks(sections, undefined).map((l) => l.Done)).toEqual([0, 0]);
  });

  it('finds the context record for $context tokens', () => {
    const def: FormDefinition = {
      ...formDef(),
      contextObject: 'Account',
      queries: [{ key: 'acct', objectType: 'Account', fields: ['Name'] }],
      startingData: { acct: [{ Id: '001', Name: 'Acme' }] },
    };
    expect(contextRecord(def)).toEqual({ Id: '001', Name: 'Acme' });
    expect(contextRecord({ ...def, startingData: { context: [{ Name: 'Ctx' }] } })).toEqual({ Name: 'Ctx' });
    expect(contextRecord({ ...def, startingData: {} })).toBeUndefined();
  });
});
