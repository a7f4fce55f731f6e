/** The default renderer set: each entry chosen by its tester's rank (JSON Forms style). */
import type { FormJsonSchema } from 'shared-contracts';
import {
  and,
  formatIs,
  hasOptions,
  isControl,
  optionIs,
  rankWith,
  schemaMatches,
  schemaTypeIs,
  uiTypeIs,
} from './registry';
import { typeOf } from 'form-core/schema';
import type { RendererEntry } from './types';
import {
  BooleanControl,
  DateControl,
  DateTimeControl,
  NumberControl,
  TextAreaControl,
  TextControl,
  TimeControl,
} from './controls/TextControls';
import { RadioControl, SelectControl } from './controls/SelectControls';
import { LookupControl } from './controls/LookupControl';
import { TableControl } from './controls/TableControl';
import { FileControl } from './controls/FileControl';
import { PhotoControl } from './controls/PhotoControl';
import { SignatureControl } from './controls/SignatureControl';
import { LocationControl } from './controls/capture/LocationControl';
import { ScanTextControl } from './controls/capture/ScanTextControl';
import {
  BlankElement,
  GuideElement,
  LabelElement,
  PrintElement,
  QuickLinksElement,
} from './controls/StaticElements';
import {
  CategorizationLayout,
  CategoryLayout,
  FlexLayout,
  GroupLayout,
  HorizontalLayout,
  SectionLayout,
  VerticalLayout,
} from './layouts/Layouts';
import { ListWithDetailLayout, ObjectControl } from './layouts/ListWithDetail';
import { FailedMarkElement, ScoreSummaryElement } from './score/ScoreElements';
import {
  CORRECTIVE_ACTIONS_TYPE,
  CORRECTIVE_ACTION_TYPE,
  FAILED_MARK_TYPE,
  SCORE_SUMMARY_TYPE,
} from 'form-core/scoring-layout';
import { CorrectiveActionElement, CorrectiveActionsKeeper } from './score/CorrectiveAction';

const control = isControl;
const isTableSchema = (s: FormJsonSchema): boolean => {
  if (s.format === 'table') return true;
  if (typeOf(s) !== 'array' || !s.items || Array.isArray(s.items)) return false;
  return false;
};
const isArray = schemaMatches((s) => typeOf(s) === 'array');
const isPrimitiveArray = schemaMatches(
  (s) =>
    typeOf(s) === 'array' && !!s.items && !Array.isArray(s.items) && !s.items.properties && !s.items.$ref,
);

export const defaultRenderers: RendererEntry[] = [
  // Layouts
  { name: 'VerticalLayout', tester: rankWith(1, uiTypeIs('VerticalLayout')), renderer: VerticalLayout },
  { name: 'HorizontalLayout', tester: rankWith(1, uiTypeIs('HorizontalLayout')), renderer: HorizontalLayout },
  { name: 'Group', tester: rankWith(1, uiTypeIs('Group')), renderer: GroupLayout },
  { name: 'Section', tester: rankWith(1, uiTypeIs('Section')), renderer: SectionLayout },
  { name: 'CQFlexLayout', tester: rankWith(1, uiTypeIs('CQFlexLayout')), renderer: FlexLayout },
  { name: 'Categorization', tester: rankWith(1, uiTypeIs('Categorization')), renderer: CategorizationLayout },
  { name: 'Category', tester: rankWith(1, uiTypeIs('Category')), renderer: CategoryLayout },
  { name: 'ListWithDetail', tester: rankWith(4, uiTypeIs('ListWithDetail')), renderer: ListWithDetailLayout },
  // Static elements
  { name: 'label', tester: rankWith(1, uiTypeIs('label', 'Label')), renderer: LabelElement },
  { name: 'blank', tester: rankWith(1, uiTypeIs('blank')), renderer: BlankElement },
  { name: 'guide', tester: rankWith(1, uiTypeIs('guide')), renderer: GuideElement },
  { name: 'quicklinks', tester: rankWith(1, uiTypeIs('quicklinks')), renderer: QuickLinksElement },
  { name: 'print', tester: rankWith(1, uiTypeIs('print')), renderer: PrintElement },
  { name: 'scoresummary', tester: rankWith(1, uiTypeIs(SCORE_SUMMARY_TYPE)), renderer: ScoreSummaryElement },
  { name: 'failedmark', tester: rankWith(1, uiTypeIs(FAILED_MARK_TYPE)), renderer: FailedMarkElement },
  {
    name: 'correctiveaction',
    tester: rankWith(1, uiTypeIs(CORRECTIVE_ACTION_TYPE)),
    renderer: CorrectiveActionElement,
  },
  {
    name: 'correctiveactions',
    tester: rankWith(1, uiTypeIs(CORRECTIVE_ACTIONS_TYPE)),
    renderer: CorrectiveActionsKeeper,
  },
  // Controls
  { name: 'text', tester: rankWith(1, control), renderer: TextControl },
  {
    name: 'textarea',
    tester: rankWith(
      2,
      (el, s, c) =>
        control(el) &&
        (optionIs('multi', true)(el) || schemaMatches((x) => x.format === 'textarea')(el, s, c)),
    ),
    renderer: TextAreaControl,
  },
  {
    name: 'number',
    tester: rankWith(2, and(control, schemaTypeIs('number', 'integer'))),
    renderer: NumberControl,
  },
  { name: 'boolean', tester: rankWith(2, and(control, schemaTypeIs('boolean'))), renderer: BooleanControl },
  { name: 'date', tester: rankWith(3, and(control, formatIs('date'))), renderer: DateControl },
  { name: 'date-time', tester: rankWith(3, and(control, formatIs('date-time'))), renderer: DateTimeControl },
  {
    name: 'time',
    tester: rankWith(3, (el, s, c) => control(el) && (el.type === 'time' || formatIs('time')(el, s, c))),
    renderer: TimeControl,
  },
  { name: 'object', tester: rankWith(2, and(control, schemaTypeIs('object'))), renderer: ObjectControl },
  {
    name: 'select',
    tester: rankWith(4, (el, s, c) => control(el) && (el.type === 'select' || hasOptions(el, s, c))),
    renderer: SelectControl,
  },
  {
    name: 'dependent',
    tester: rankWith(
      5,
      (el, s, c) =>
        control(el) &&
        (el.type === 'dependent' || schemaMatches((x) => typeof x.dependent === 'string')(el, s, c)),
    ),
    renderer: SelectControl,
  },
  {
    name: 'radio',
    tester: rankWith(
      6,
      (el, s, c) =>
        control(el) && (el.type === 'radio' || (optionIs('format', 'radio')(el) && hasOptions(el, s, c))),
    ),
    renderer: RadioControl,
  },
  {
    name: 'lookup',
    tester: rankWith(
      6,
      (el, s, c) =>
        control(el) &&
        (el.type === 'lookup' ||
          el.options?.isReferenceField === true ||
          schemaMatches((x) => !!x.lookupTo)(el, s, c)),
    ),
    renderer: LookupControl,
  },
  { name: 'array', tester: rankWith(3, and(control, isArray)), renderer: ListWithDetailLayout },
  {
    name: 'table',
    tester: rankWith(
      7,
      (el, s, c) =>
        control(el) &&
        (el.type === 'table' ||
          schemaMatches(isTableSchema)(el, s, c) ||
          (isArray(el, s, c) &&
            !isPrimitiveArray(el, s, c) &&
            el.type === 'Control' &&
            isFlatItems(el, s, c))),
    ),
    renderer: TableControl,
  },
  {
    name: 'file',
    tester: rankWith(
      8,
      (el) => control(el) && ['filecard', 'fileUpload', 'genericfileupload'].includes(el.type),
    ),
    renderer: FileControl,
  },
  { name: 'photo', tester: rankWith(8, (el) => control(el) && el.type === 'photo'), renderer: PhotoControl },
  {
    name: 'signature',
    tester: rankWith(8, (el) => control(el) && ['signatureCard', 'signatures'].includes(el.type)),
    renderer: SignatureControl,
  },
  // Field capture (issue 32)
  { name: 'location', tester: rankWith(9, and(control, formatIs('location'))), renderer: LocationControl },
  {
    name: 'scan',
    tester: rankWith(
      3,
      (el, s, c) => control(el) && Array.isArray(el.options?.scanFormats) && schemaTypeIs('string')(el, s, c),
    ),
    renderer: ScanTextControl,
  },
];

/** Arrays of flat objects (every property a primitive) render as a table, as JSON Forms does. */
const isFlatItems = schemaMatches((s) => {
  const items = s.items;
  if (!items || Array.isArray(items) || !items.properties) return false;
  return Object.values(items.properties).every((p) => {
    const t = typeOf(p);
    return t !== 'object' && t !== 'array' && !p.$ref;
  });
});
