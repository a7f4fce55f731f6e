// The form the form-screen suites fill: every control type of spec 000 section 2 in one definition,
// inserted into the running emulator over its REST API (the seed stays as other suites expect it).
import { OrgClient, orgPasswordToken } from 'test-kit';
import { DEMO_PASSWORD } from '../support/auth';

/** A 1x1 PNG, used as the form header logo. */
export const LOGO_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const g = (key: string) => `#/properties/General/properties/${key}`;
/** Fields on the form's object (cqFormType): what the org's rules for that object check on submit. */
const m = (key: string) => `#/properties/cqext__SQX_Inspection__c/properties/${key}`;

/** The inspection's dependent picklist pair as the BFF maps it (validFor by controlling value). */
export const SUB_CATEGORY_VALID_FOR = {
  Facility: ['Roof', 'Floor', 'Lighting'],
  Equipment: ['Forklift', 'Conveyor', 'Lighting'],
  Vehicle: ['Brakes', 'Tyres'],
};
/** The org's validation rule on cqext__Score__c (salesforce/ SFDX project: SQX_Inspection__c/validationRules/CQ_Score_Range). */
export const SCORE_RULE_MESSAGE = 'Score must be between 0 and 100';

export const ALL_CONTROLS_FORM = {
  formName: 'All Controls',
  version: '2.0.0',
  cqFormType: 'cqext__SQX_Inspection__c',
  styles: { header: { logo: LOGO_PNG } },
  nextaction: { cqext__Activity_Code__c: 'submit' },
  signatures: [{ Purpose: 'Inspector' }],
  schema: {
    type: 'object',
    properties: {
      cqext__SQX_Inspection__c: {
        type: 'object',
        required: [],
        properties: {
          cqext__Score__c: { type: 'number', title: 'Score' },
          cqext__Category__c: {
            type: 'string',
            title: 'Category',
            oneOf: Object.keys(SUB_CATEGORY_VALID_FOR).map((c) => ({ const: c, title: c })),
          },
          cqext__Sub_Category__c: {
            type: 'string',
            title: 'Sub category',
            dependent: 'cqext__Category__c',
            oneOf: [...new Set(Object.values(SUB_CATEGORY_VALID_FOR).flat())].map((v) => ({
              const: v,
              title: v,
            })),
            validFor: SUB_CATEGORY_VALID_FOR,
          },
        },
      },
      General: {
        type: 'object',
        required: ['Inspector'],
        properties: {
          Inspector: { type: 'string', title: 'Inspector name', maxLength: 255 },
          Notes: { type: 'string', title: 'Notes', maxLength: 32768 },
          Hours: { type: 'number', title: 'Operating hours' },
          VisitDate: { type: 'string', format: 'date', title: 'Visit date' },
          StartedAt: { type: 'string', format: 'date-time', title: 'Started at' },
          StartTime: { type: 'string', format: 'time', title: 'Start time' },
          Safe: { type: 'boolean', title: 'Area safe' },
          Rating: {
            type: 'string',
            title: 'Rating',
            oneOf: [
              { const: 'Good', title: 'Good' },
              { const: 'Fair', title: 'Fair' },
              { const: 'Poor', title: 'Poor' },
            ],
          },
          Weather: {
            type: 'string',
            title: 'Weather',
            oneOf: [
              { const: 'Sunny', title: 'Sunny' },
              { const: 'Rain', title: 'Rain' },
              { const: 'Snow', title: 'Snow' },
            ],
          },
          Area: {
            type: 'string',
            title: 'Area',
            oneOf: ['North', 'South', 'East', 'West', 'Roof', 'Basement'].map((a) => ({
              const: a,
              title: a,
            })),
          },
          Site: { type: 'string', title: 'Site' },
          Site_Id: { type: 'string', title: 'Site Id' },
          // Typed 'object' beside the $ref, as the product's table fields are (draft-07 ignores the type).
          Readings: { type: 'object', format: 'table', title: 'Readings', $ref: '#/definitions/Readings' },
          Files: { type: 'array', title: 'Attachments', items: { type: 'object' } },
          signatures: {
            type: 'array',
            title: 'Signatures',
            items: {
              type: 'object',
              properties: { SignatureBase64: { type: 'string' }, Purpose: { type: 'string' } },
            },
          },
        },
      },
    },
    definitions: {
      Readings: {
        type: 'array',
        title: 'Readings',
        items: {
          type: 'object',
          properties: {
            C1: { id: 1, name: 'C1', title: 'Gauge', type: 'string' },
            C2: { id: 2, name: 'C2', title: 'Reading', type: 'string' },
          },
        },
      },
    },
  },
  ui: {
    type: 'VerticalLayout',
    elements: [
      {
        type: 'Section',
        sectionId: 'section-1',
        label: 'Basics',
        elements: [
          {
            type: 'VerticalLayout',
            elements: [
              { type: 'Control', scope: g('Inspector'), label: 'Inspector name' },
              { type: 'Control', scope: g('Notes'), label: 'Notes', options: { multi: true } },
              { type: 'Control', scope: g('Hours'), label: 'Operating hours' },
              { type: 'Control', scope: g('VisitDate'), label: 'Visit date' },
              { type: 'Control', scope: g('StartedAt'), label: 'Started at' },
              { type: 'time', scope: g('StartTime'), label: 'Start time' },
              { type: 'Control', scope: g('Safe'), label: 'Area safe' },
              { type: 'Control', scope: m('cqext__Score__c'), label: 'Score' },
            ],
          },
        ],
      },
      {
        type: 'Section',
        sectionId: 'section-2',
        label: 'Choices',
        elements: [
          {
            type: 'VerticalLayout',
            elements: [
              { type: 'radio', scope: g('Rating'), label: 'Rating' },
              { type: 'select', scope: g('Weather'), label: 'Weather' },
              { type: 'select', scope: g('Area'), label: 'Area' },
              { type: 'select', scope: m('cqext__Category__c'), label: 'Category' },
              {
                type: 'dependent',
                scope: m('cqext__Sub_Category__c'),
                label: 'Sub category',
                options: { dependsOn: 'cqext__Category__c', field: 'cqext__Sub_Category__c' },
              },
              {
                type: 'lookup',
                scope: g('Site'),
                label: 'Site',
                options: {
                  lookupTo: 'Account',
                  valueField: 'Id',
                  titleField: 'Name',
                  valueScope: g('Site_Id'),
                  labelScope: g('Site'),
                },
              },
            ],
          },
        ],
      },
      {
        type: 'Section',
        sectionId: 'section-3',
        label: 'Evidence',
        elements: [
          {
            type: 'VerticalLayout',
            elements: [
              { type: 'table', scope: g('Readings'), label: 'Readings', options: { rowsCount: 2 } },
              { type: 'genericfileupload', scope: g('Files'), label: 'Attachments' },
              { type: 'signatures', scope: g('signatures'), label: 'Signatures' },
            ],
          },
        ],
      },
    ],
  },
  data: {},
  startingData: {},
  queries: [],
  readOnly: [],
};

/** A password-grant token for the org's own REST API (admin@demo.org unless told). */
export function orgToken(org: string, username = 'admin@demo.org'): Promise<string> {
  return orgPasswordToken(org, { username, password: DEMO_PASSWORD });
}

/** Every record a SOQL query answers at the org, with that token. */
export function orgQuery<T>(org: string, token: string, soql: string): Promise<T[]> {
  return new OrgClient(org, { token }).query<T>(soql);
}

/** Inserts the all-controls form definition (Active, offline) and answers its Id. */
export function insertAllControlsForm(org: string, token: string): Promise<string> {
  return new OrgClient(org, { token }).insert('cqext__SQX_Form_Definition__c', {
    Name: 'FORM-0099',
    cqext__Title__c: 'All Controls',
    cqext__Supports_Offline__c: true,
    cqext__Status__c: 'Active',
    cqext__Object_Type__c: 'cqext__SQX_Inspection__c',
    cqext__Form_JSON__c: JSON.stringify(ALL_CONTROLS_FORM),
  });
}
