// The demo org's validation rules (spec: org-side validation a submit can run into). Each mirrors a
// Salesforce ValidationRule: the formula is kept as text for people and evaluated by `violated`.
import type { ValidationRule } from '../sobjects/validation-rules.js';

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

export const DEMO_VALIDATION_RULES: ValidationRule[] = [
  {
    object: 'cqext__SQX_Inspection__c',
    fullName: 'cqext__SQX_Inspection__c.CQ_Score_Range',
    active: true,
    errorConditionFormula: 'NOT(ISBLANK(cqext__Score__c)) && (cqext__Score__c < 0 || cqext__Score__c > 100)',
    errorDisplayField: 'cqext__Score__c',
    errorMessage: 'Score must be between 0 and 100',
    violated: (r) => {
      const n = num(r.cqext__Score__c);
      return n !== null && (n < 0 || n > 100);
    },
  },
  {
    object: 'cqext__SQX_Safety_Inspection__c',
    fullName: 'cqext__SQX_Safety_Inspection__c.CQ_Hazard_Type_Needs_Category',
    active: true,
    errorConditionFormula: 'NOT(ISBLANK(cqext__Hazard_Type__c)) && ISBLANK(cqext__Hazard_Category__c)',
    errorDisplayField: 'cqext__Hazard_Category__c',
    errorMessage: 'Choose a hazard category for the hazard type',
    violated: (r) =>
      typeof r.cqext__Hazard_Type__c === 'string' &&
      r.cqext__Hazard_Type__c !== '' &&
      (r.cqext__Hazard_Category__c === null ||
        r.cqext__Hazard_Category__c === undefined ||
        r.cqext__Hazard_Category__c === ''),
  },
];
