import { describe, expect, it } from 'vitest';
import type { FormDefinition, FormJsonSchema, ScoringConfig } from 'shared-contracts';
import type { UISchemaElement } from 'shared-contracts';
import { lookupTargets } from '../lookup-cache';
import {
  actionsOf,
  correctiveSettingsOf,
  defaultAssigneeText,
  defaultDueDate,
  editAction,
  priorityOf,
  syncActions,
} from './corrective-actions';
import { CORRECTIVE_ACTIONS_TYPE, CORRECTIVE_ACTION_TYPE, withScoring } from './scoring-layout';
import { checkSubmission } from './submission';

const schema: FormJsonSchema = {
  type: 'object',
  properties: {
    General: {
      type: 'object',
      properties: {
        Clean: {
          type: 'string',
          title: 'Area clean?',
          oneOf: [
            { const: 'YES', title: 'Yes' },
            { const: 'NO', title: 'No' },
          ],
        },
      },
    },
  },
};
const ui: UISchemaElement = {
  type: 'VerticalLayout',
  elements: [{ type: 'Control', scope: '#/properties/General/properties/Clean' } as UISchemaElement],
};
const enabled: ScoringConfig = {
  failingRequires: { note: true },
  correctiveActions: { enabled: true, assignee: 'recordOwner', dueDays: 3, priority: 'High' },
};

const types = (el: unknown, out: string[] = []): string[] => {
  const e = el as { type?: string; elements?: unknown[] };
  if (e.type) out.push(e.type);
  for (const c of e.elements ?? []) types(c, out);
  return out;
};

describe('corrective actions of failed items', () => {
  it('a new failed item gets an action titled after its question; one no longer failing loses its own', () => {
    const clean = { path: 'General.Clean', label: 'Area clean?' };
    const exits = { path: 'Checklist.Q1', label: 'Exits clear?' };
    const first = syncActions(undefined, [clean]);
    expect(first).toEqual({ 'General.Clean': { title: 'Area clean?' } });
    // nothing changed: the same object, so the data is not rewritten
    expect(syncActions(first, [clean])).toBe(first);
    const edited = { 'General.Clean': { title: 'Clear the hall', dueDate: '2026-12-01' } };
    const both = syncActions(edited, [clean, exits]);
    expect(both).toEqual({ ...edited, 'Checklist.Q1': { title: 'Exits clear?' } });
    expect(both?.['General.Clean']).toBe(edited['General.Clean']);
    const dismissed = { ...both, 'Checklist.Q1': { title: 'x', dismissed: { reason: 'Fixed on site' } } };
    expect(syncActions(dismissed, [clean])).toEqual(edited);
    expect(syncActions(edited, [])).toBeUndefined();
    expect(syncActions(undefined, [])).toBeUndefined();
  });

  it('reads the actions and the settings only when they are what they say', () => {
    expect(actionsOf({ CorrectiveActions: { a: { title: 'A' } } })).toEqual({ a: { title: 'A' } });
    expect(actionsOf({ CorrectiveActions: [] })).toEqual({});
    expect(actionsOf(null)).toEqual({});
    expect(correctiveSettingsOf(enabled)).toBe(enabled.correctiveActions);
    expect(
      correctiveSettingsOf({ correctiveActions: { enabled: false, assignee: 'inspector' } }),
    ).toBeUndefined();
    expect(correctiveSettingsOf(undefined)).toBeUndefined();
  });

  it('defaults: due N days from today (7 unset), priority Normal, the assignee rule in words', () => {
    const now = new Date(2026, 10, 29, 23, 30);
    expect(defaultDueDate(enabled.correctiveActions, now)).toBe('2026-12-02');
    expect(defaultDueDate(undefined, now)).toBe('2026-12-06');
    expect(defaultDueDate({ enabled: true, assignee: 'inspector', dueDays: 0 }, now)).toBe('2026-11-29');
    expect(priorityOf(undefined, undefined)).toBe('Normal');
    expect(priorityOf(undefined, enabled.correctiveActions)).toBe('High');
    expect(priorityOf({ title: 't', priority: 'Low' }, enabled.correctiveActions)).toBe('Low');
    expect(defaultAssigneeText(undefined)).toBe('the inspector');
    expect(defaultAssigneeText(enabled.correctiveActions)).toBe("the record's owner");
    expect(
      defaultAssigneeText({
        enabled: true,
        assignee: 'queue',
        queueId: '00G5g0000000001EAA',
        queueName: 'Site Maintenance',
      }),
    ).toBe('Site Maintenance');
    expect(
      defaultAssigneeText({ enabled: true, assignee: 'user', userId: '005x', userName: 'Ada Lovelace' }),
    ).toBe('Ada Lovelace');
  });

  it('an edit clearing a field removes it (its default applies); the title stays even empty', () => {
    const a = { title: 'T', dueDate: '2026-12-01', note: 'n' };
    expect(editAction(a, { dueDate: '', note: undefined, priority: 'Low' })).toEqual({
      title: 'T',
      priority: 'Low',
    });
    expect(editAction(a, { title: '' })).toEqual({ ...a, title: '' });
  });
});

describe('a form whose failed items propose actions', () => {
  const def: FormDefinition = { schema, ui, scoring: enabled };

  it('shows the panel in the failed item’s block and one element keeping the actions', () => {
    const shown = withScoring(def);
    const all = types(shown.ui);
    expect(all.filter((t) => t === CORRECTIVE_ACTION_TYPE)).toHaveLength(1);
    expect(all.filter((t) => t === CORRECTIVE_ACTIONS_TYPE)).toHaveLength(1);
    const off = withScoring({ schema, ui, scoring: { failingRequires: { note: true } } });
    expect(types(off.ui).some((t) => t === CORRECTIVE_ACTION_TYPE || t === CORRECTIVE_ACTIONS_TYPE)).toBe(
      false,
    );
  });

  it('the submit check accepts data.CorrectiveActions as entered', () => {
    const shown = withScoring(def);
    const r = checkSubmission({
      schema: shown.schema,
      ui: shown.ui,
      data: {
        General: { Clean: 'NO' },
        Findings: { 'General-Clean': { Note: 'Boxes in the hall' } },
        CorrectiveActions: {
          'General.Clean': {
            title: 'Clear the hall',
            assigneeId: '005000000000001AAA',
            assigneeName: 'Field User',
            dueDate: '2026-12-01',
            priority: 'High',
            note: 'Before Friday',
          },
          'Checklist.Q9': { title: 'x', dismissed: { reason: 'Fixed on site' } },
        },
      },
    });
    expect(r.messages).toEqual([]);
    expect(r.ok).toBe(true);
  });

  it('keeps the assignee lookup (Users by name) for offline use', () => {
    expect(lookupTargets(def)).toEqual([
      { object: 'User', titleField: 'Name', valueField: 'Id', fields: [] },
    ]);
    expect(lookupTargets({ schema, ui, scoring: { failingRequires: { note: true } } })).toEqual([]);
  });
});
