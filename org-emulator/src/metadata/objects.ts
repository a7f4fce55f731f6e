// The org's schema: standard objects the product touches plus the cqext managed-package objects.
import { IdFactory } from '../ids.js';
import { checkbox, date, datetime, longText, lookup, number, picklist, sobject, text } from './dsl.js';
import type { FieldDef, ObjectDef, PicklistValue } from './types.js';

const fixed = new IdFactory();
export const RECORD_TYPE_IDS = {
  master: '012000000000000AAA',
  safetyInspectionCriteria: fixed.next('012', 1),
  standardDocument: fixed.next('012', 2),
};
export const NS = 'cqext';

const req: Partial<FieldDef> = { required: true, nillable: false };
const ro: Partial<FieldDef> = { createable: false, updateable: false };

const name = (label = 'Name', length = 80): FieldDef =>
  text('Name', label, length, { ...req, nameField: true });
const autoName = (label: string, format: string): FieldDef =>
  text('Name', label, 80, {
    ...ro,
    autoNumber: true,
    autoNumberFormat: format,
    nameField: true,
    nillable: false,
  });

/** A controller picklist and a dependent one whose values list which controller values they are valid for. */
function dependentPair(
  controller: string,
  controllerLabel: string,
  dependent: string,
  dependentLabel: string,
  map: Record<string, string[]>,
): FieldDef[] {
  const deps = new Map<string, string[]>();
  for (const [ctrl, values] of Object.entries(map)) {
    for (const v of values) deps.set(v, [...(deps.get(v) ?? []), ctrl]);
  }
  const depValues: PicklistValue[] = [...deps.entries()].map(([value, validFor]) => ({ value, validFor }));
  return [
    picklist(controller, controllerLabel, Object.keys(map), { custom: true }),
    picklist(dependent, dependentLabel, depValues, { custom: true, controllerName: controller }),
  ];
}

const c = (f: FieldDef): FieldDef => ({ ...f, custom: true });

export const standardObjects: ObjectDef[] = [
  sobject(
    'Organization',
    'Organization',
    'Organizations',
    '00D',
    [
      // A real org's standard fields: Salesforce's CLI reads Name, InstanceName, IsSandbox,
      // TrialExpirationDate, NamespacePrefix, OrganizationType and CreatedDate on login and deploy.
      text('Name', 'Name', 80, { ...ro, nameField: true }),
      text('Division', 'Division', 80, ro),
      text('Street', 'Street', 255, ro),
      text('City', 'City', 40, ro),
      text('State', 'State/Province', 80, ro),
      text('PostalCode', 'Zip/Postal Code', 20, ro),
      text('Country', 'Country', 80, ro),
      { name: 'Phone', label: 'Phone', type: 'phone', length: 40, ...ro },
      { name: 'Fax', label: 'Fax', type: 'phone', length: 40, ...ro },
      text('PrimaryContact', 'Primary Contact', 80, ro),
      text('OrganizationType', 'Edition', 40, ro),
      text('InstanceName', 'Instance Name', 5, ro),
      checkbox('IsSandbox', 'Is Sandbox', ro),
      checkbox('IsReadOnly', 'Is Read Only', ro),
      datetime('TrialExpirationDate', 'Trial Expiration Date', ro),
      text('TimeZoneSidKey', 'Default Time Zone', 40, ro),
      text('LanguageLocaleKey', 'Language', 40, ro),
      text('DefaultLocaleSidKey', 'Locale', 40, ro),
      text('NamespacePrefix', 'Namespace Prefix', 15, ro),
      text('SignupCountryIsoCode', 'Signup Country', 2, ro),
      { name: 'FiscalYearStartMonth', label: 'Fiscal Year Starts In', type: 'int', precision: 9, ...ro },
      checkbox('UsesStartDateAsFiscalYearName', 'Fiscal Year Name by Start', ro),
      checkbox('ReceivesInfoEmails', 'Info Emails', ro),
      checkbox('ReceivesAdminInfoEmails', 'Info Emails Admin', ro),
      picklist('UiSkin', 'UI Skin', ['Theme1', 'Theme2', 'PortalDefault', 'Webstore', 'Theme3'], ro),
    ],
    { owned: false, createable: false, deletable: false },
  ),
  sobject('Profile', 'Profile', 'Profiles', '00e', [name('Name', 255), text('UserType', 'User Type', 40)], {
    owned: false,
  }),
  sobject(
    'Network',
    'Network',
    'Networks',
    '0DB',
    [name('Name', 255), text('UrlPathPrefix', 'URL Path Prefix', 255), text('Status', 'Status', 40)],
    { owned: false },
  ),
  sobject(
    'User',
    'User',
    'Users',
    '005',
    [
      text('Username', 'Username', 80, { ...req, unique: true, externalId: false }),
      text('FirstName', 'First Name', 40),
      text('LastName', 'Last Name', 80, req),
      text('Name', 'Full Name', 121, { ...ro, nameField: true, calculated: true }),
      { name: 'Email', label: 'Email', type: 'email', length: 128, ...req },
      text('Alias', 'Alias', 8, req),
      text('TimeZoneSidKey', 'Time Zone', 40, req),
      text('LocaleSidKey', 'Locale', 40),
      text('LanguageLocaleKey', 'Language', 40),
      picklist('UserType', 'User Type', ['Standard', 'PowerPartner', 'CspLitePortal', 'Guest'], ro),
      checkbox('IsActive', 'Active', { defaultValue: true }),
      { name: 'SmallPhotoUrl', label: 'Photo', type: 'url', length: 1024, ...ro },
      { name: 'FullPhotoUrl', label: 'Url for full-sized Photo', type: 'url', length: 1024, ...ro },
      lookup('ProfileId', 'Profile ID', 'Profile', 'Profile'),
      lookup('ContactId', 'Contact ID', 'Contact', 'Contact'),
      lookup('AccountId', 'Account ID', 'Account', 'Account', undefined, ro),
      text('Title', 'Title', 80),
      { name: 'Phone', label: 'Phone', type: 'phone', length: 40 },
    ],
    // Users are deactivated, never deleted.
    { owned: false, deletable: false },
  ),
  sobject(
    'RecordType',
    'Record Type',
    'Record Types',
    '012',
    [
      name('Record Type Label'),
      text('DeveloperName', 'Record Type Name', 80, req),
      text('SobjectType', 'SObject Type Name', 40, req),
      checkbox('IsActive', 'Active', { defaultValue: true }),
      text('Description', 'Description', 255),
      text('NamespacePrefix', 'Namespace Prefix', 15),
    ],
    { owned: false },
  ),
  sobject('Account', 'Account', 'Accounts', '001', [
    name('Account Name', 255),
    picklist('Type', 'Account Type', [
      'Prospect',
      'Customer - Direct',
      'Customer - Channel',
      'Partner',
      'Other',
    ]),
    picklist('Industry', 'Industry', [
      'Agriculture',
      'Chemicals',
      'Construction',
      'Energy',
      'Manufacturing',
      'Healthcare',
      'Transportation',
      'Utilities',
    ]),
    text('AccountNumber', 'Account Number', 40),
    text('BillingStreet', 'Billing Street', 255),
    text('BillingCity', 'Billing City', 40),
    text('BillingState', 'Billing State/Province', 80),
    text('BillingCountry', 'Billing Country', 80),
    { name: 'Phone', label: 'Account Phone', type: 'phone', length: 40 },
    { name: 'Website', label: 'Website', type: 'url', length: 255 },
    number('NumberOfEmployees', 'Employees', 8, 0),
    lookup('ParentId', 'Parent Account ID', 'Account', 'Parent', 'ChildAccounts'),
    c(text('External_Id__c', 'External Id', 80, { externalId: true })),
  ]),
  sobject('Contact', 'Contact', 'Contacts', '003', [
    text('FirstName', 'First Name', 40),
    text('LastName', 'Last Name', 80, req),
    text('Name', 'Full Name', 121, { ...ro, nameField: true, calculated: true }),
    { name: 'Email', label: 'Email', type: 'email', length: 80 },
    { name: 'Phone', label: 'Business Phone', type: 'phone', length: 40 },
    text('Title', 'Title', 128),
    lookup('AccountId', 'Account ID', 'Account', 'Account', 'Contacts'),
  ]),
  sobject('Task', 'Task', 'Tasks', '00T', [
    text('Subject', 'Subject', 255),
    picklist('Status', 'Status', [{ value: 'Not Started', defaultValue: true }, 'In Progress', 'Completed'], {
      nillable: false,
      defaultValue: 'Not Started',
    }),
    picklist('Priority', 'Priority', ['High', { value: 'Normal', defaultValue: true }, 'Low'], {
      nillable: false,
      defaultValue: 'Normal',
    }),
    date('ActivityDate', 'Due Date Only'),
    lookup(
      'WhatId',
      'Related To ID',
      [
        'Account',
        'cqext__SQX_Inspection_Program__c',
        'cqext__SQX_Safety_Inspection__c',
        'cqext__SQX_Inspection__c',
      ],
      'What',
      'Tasks',
    ),
    lookup('WhoId', 'Name ID', 'Contact', 'Who', 'Tasks'),
    longText('Description', 'Description', 32000),
    checkbox('IsClosed', 'Closed', ro),
  ]),
  sobject(
    'ContentDocument',
    'Content Document',
    'Content Documents',
    '069',
    [
      text('Title', 'Title', 255, { ...req, nameField: true }),
      lookup(
        'LatestPublishedVersionId',
        'Latest Published Version ID',
        'ContentVersion',
        'LatestPublishedVersion',
      ),
      text('FileType', 'File Type', 20, ro),
      text('FileExtension', 'File Extension', 40, ro),
      { name: 'ContentSize', label: 'Size', type: 'int', ...ro },
      text('Description', 'Description', 1000),
      lookup('ParentId', 'Library ID', 'User', 'Parent', undefined, ro),
    ],
    { createable: false },
  ),
  sobject('ContentVersion', 'Content Version', 'Content Versions', '068', [
    text('Title', 'Title', 255, { ...req, nameField: true }),
    text('PathOnClient', 'Path On Client', 500, req),
    { name: 'VersionData', label: 'Version Data', type: 'base64', length: 0 },
    lookup(
      'ContentDocumentId',
      'ContentDocument ID',
      'ContentDocument',
      'ContentDocument',
      'ContentVersions',
      {
        updateable: false,
        // as on Salesforce: deleting a file deletes its versions
        cascadeDelete: true,
      },
    ),
    { name: 'ContentSize', label: 'Size', type: 'int', ...ro },
    text('FileType', 'File Type', 20, ro),
    text('FileExtension', 'File Extension', 40, ro),
    checkbox('IsLatest', 'Is Latest', ro),
    text('VersionNumber', 'Version Number', 20, ro),
    text('Checksum', 'Checksum', 50, ro),
    text('Description', 'Description', 1000),
    text('ReasonForChange', 'Reason For Change', 1000),
    lookup(
      'FirstPublishLocationId',
      'First Publish Location ID',
      ['User', 'Account', 'cqext__SQX_Form_Submission__c'],
      'FirstPublishLocation',
      undefined,
      { updateable: false },
    ),
    // The package's upload key (the client's file id): makes a retried upload find the first one.
    c(text('cqext__Upload_Key__c', 'Upload Key', 64, { externalId: true, unique: true })),
  ]),
  sobject(
    'ContentDocumentLink',
    'Content Document Link',
    'Content Document Links',
    '06A',
    [
      lookup(
        'ContentDocumentId',
        'Content Document ID',
        'ContentDocument',
        'ContentDocument',
        'ContentDocumentLinks',
        {
          ...req,
          updateable: false,
        },
      ),
      lookup(
        'LinkedEntityId',
        'Linked Entity ID',
        [
          'User',
          'Account',
          'cqext__SQX_Form_Submission__c',
          'cqext__SQX_Safety_Inspection__c',
          'cqext__SQX_Inspection__c',
        ],
        'LinkedEntity',
        'ContentDocumentLinks',
        { ...req, updateable: false },
      ),
      picklist('ShareType', 'Share Type', ['V', 'C', 'I'], { defaultValue: 'V' }),
      picklist('Visibility', 'Visibility', ['AllUsers', 'InternalUsers', 'SharedUsers'], {
        defaultValue: 'AllUsers',
      }),
    ],
    { owned: false },
  ),
];

const formStatus = ['In Progress', 'Submitted', 'Scheduled', 'Pending'];

export const cqextObjects: ObjectDef[] = [
  sobject('cqext__SQX_Form_Definition__c', 'Form Definition', 'Form Definitions', 'a0F', [
    name('Form Definition Name'),
    c(text('cqext__Title__c', 'Title', 255)),
    c(checkbox('cqext__Supports_Offline__c', 'Supports Offline')),
    // Real long text areas stop at 131,072 characters; the 1000-field form needs more, so the emulator allows 4 MB.
    c(longText('cqext__Form_JSON__c', 'Form JSON', 4_000_000)),
    c(longText('cqext__Form_Builder_JSON__c', 'Form Builder JSON', 4_000_000)),
    c(text('cqext__Object_Type__c', 'Object Type', 255)),
    c(picklist('cqext__Status__c', 'Status', ['Draft', 'Active', 'Inactive'], { defaultValue: 'Draft' })),
  ]),
  sobject('cqext__SQX_Form_Submission__c', 'Form Submission', 'Form Submissions', 'a0G', [
    autoName('Form Submission Number', 'FS-{00000}'),
    c(
      text('cqext__Uniqueness_Constraint__c', 'Uniqueness Constraint', 255, {
        externalId: true,
        unique: true,
      }),
    ),
    c(
      lookup(
        'cqext__Form_Definition__c',
        'Form Definition',
        'cqext__SQX_Form_Definition__c',
        'cqext__Form_Definition__r',
        'cqext__Form_Submissions__r',
      ),
    ),
    c(date('cqext__Scheduled_Date__c', 'Scheduled Date')),
    c(
      lookup(
        'cqext__SQX_Controlled_Document__c',
        'Controlled Document',
        'cqext__SQX_Controlled_Document__c',
        'cqext__SQX_Controlled_Document__r',
        'cqext__Form_Submissions__r',
      ),
    ),
    c(text('cqext__Main_Record_Id__c', 'Main Record Id', 18)),
    c(number('cqext__Version__c', 'Version', 18, 0)),
    c(picklist('cqext__Status__c', 'Status', formStatus, { defaultValue: 'In Progress' })),
    c(longText('cqext__Submission_JSON__c', 'Submission JSON', 4_000_000)),
  ]),
  sobject('cqext__SQX_Inspection_Program__c', 'Inspection Program', 'Inspection Programs', 'a0H', [
    name('Inspection Program Name'),
    c(
      lookup(
        'cqext__Form_Definition__c',
        'Form Definition',
        'cqext__SQX_Form_Definition__c',
        'cqext__Form_Definition__r',
        'cqext__Inspection_Programs__r',
      ),
    ),
    c(datetime('cqext__Scheduled_For__c', 'Scheduled For')),
  ]),
  sobject(
    'cqext__SQX_Controlled_Document__c',
    'Controlled Document',
    'Controlled Documents',
    'a0J',
    [
      name('Controlled Document Name'),
      c(text('cqext__Title__c', 'Title', 255)),
      c(text('cqext__Document_Number__c', 'Document Number', 80)),
      c(
        picklist('cqext__Document_Status__c', 'Document Status', [
          'Draft',
          'Pre-Release',
          'Current',
          'Obsolete',
        ]),
      ),
      lookup('RecordTypeId', 'Record Type ID', 'RecordType', 'RecordType'),
      c(
        picklist('cqext__Criteria_Type__c', 'Criteria Type', [
          'Fire Safety',
          'Electrical',
          'Chemical',
          'General',
        ]),
      ),
    ],
    {
      recordTypes: [
        {
          id: RECORD_TYPE_IDS.safetyInspectionCriteria,
          developerName: 'Safety_Inspection_Criteria',
          name: 'Safety Inspection Criteria',
        },
        {
          id: RECORD_TYPE_IDS.standardDocument,
          developerName: 'Standard_Document',
          name: 'Standard Document',
        },
      ],
    },
  ),
  sobject('cqext__SQX_Document_Section__c', 'Document Section', 'Document Sections', 'a0K', [
    name('Section Name'),
    c(
      lookup(
        'cqext__Controlled_Document__c',
        'Controlled Document',
        'cqext__SQX_Controlled_Document__c',
        'cqext__Controlled_Document__r',
        'cqext__Sections__r',
        { cascadeDelete: true },
      ),
    ),
    c(text('cqext__Section_Title__c', 'Section Title', 255)),
    c(number('cqext__Order__c', 'Order', 5, 0)),
  ]),
  sobject('cqext__SQX_Document_Question__c', 'Document Question', 'Document Questions', 'a0L', [
    name('Question Name'),
    c(
      lookup(
        'cqext__Controlled_Document__c',
        'Controlled Document',
        'cqext__SQX_Controlled_Document__c',
        'cqext__Controlled_Document__r',
        'cqext__Questions__r',
        { cascadeDelete: true },
      ),
    ),
    c(
      lookup(
        'cqext__Section__c',
        'Section',
        'cqext__SQX_Document_Section__c',
        'cqext__Section__r',
        'cqext__Questions__r',
      ),
    ),
    c(longText('cqext__Question__c', 'Question', 1000)),
    c(picklist('cqext__Question_Type__c', 'Question Type', ['Picklist', 'Radio'])),
    c(picklist('cqext__Result_Type__c', 'Result Type', ['Color Code', 'Text', 'Pass/Fail'])),
    // Options as 'value|title|color' lines; Color Code colours are two colours joined by a dash.
    c(longText('cqext__Options__c', 'Options', 4000)),
    c(number('cqext__Order__c', 'Order', 5, 0)),
  ]),
  sobject('cqext__SQX_Safety_Inspection__c', 'Safety Inspection', 'Safety Inspections', 'a0M', [
    autoName('Safety Inspection Number', 'SI-{0000}'),
    c(text('cqext__Activity_Code__c', 'Activity Code', 80)),
    c(lookup('cqext__Account__c', 'Account', 'Account', 'cqext__Account__r', 'cqext__Safety_Inspections__r')),
    c(lookup('cqext__Site__c', 'Site', 'Account', 'cqext__Site__r', 'cqext__Site_Safety_Inspections__r')),
    c(lookup('cqext__Inspector__c', 'Inspector', 'User', 'cqext__Inspector__r')),
    c(
      lookup(
        'cqext__Controlled_Document__c',
        'Controlled Document',
        'cqext__SQX_Controlled_Document__c',
        'cqext__Controlled_Document__r',
        'cqext__Safety_Inspections__r',
      ),
    ),
    ...dependentPair('cqext__Hazard_Category__c', 'Hazard Category', 'cqext__Hazard_Type__c', 'Hazard Type', {
      Fire: ['Blocked Exit', 'Extinguisher Missing', 'Flammable Storage'],
      Electrical: ['Exposed Wiring', 'Overloaded Circuit', 'Missing Lockout'],
      Chemical: ['Spill', 'Missing Label', 'Flammable Storage'],
    }),
    c(date('cqext__Inspection_Date__c', 'Inspection Date')),
    c(
      picklist('cqext__Status__c', 'Status', ['Draft', 'In Progress', 'Complete'], { defaultValue: 'Draft' }),
    ),
    c(longText('cqext__Comments__c', 'Comments', 32768)),
  ]),
  sobject('cqext__SQX_Inspection__c', 'Inspection', 'Inspections', 'a0N', [
    autoName('Inspection Number', 'INS-{0000}'),
    c(text('cqext__Activity_Code__c', 'Activity Code', 80)),
    c(lookup('cqext__Account__c', 'Account', 'Account', 'cqext__Account__r', 'cqext__Inspections__r')),
    c(lookup('cqext__Contact__c', 'Contact', 'Contact', 'cqext__Contact__r', 'cqext__Inspections__r')),
    ...dependentPair('cqext__Category__c', 'Category', 'cqext__Sub_Category__c', 'Sub Category', {
      Facility: ['Roof', 'Floor', 'Lighting'],
      Equipment: ['Forklift', 'Conveyor', 'Lighting'],
      Vehicle: ['Brakes', 'Tyres'],
    }),
    c(date('cqext__Inspection_Date__c', 'Inspection Date')),
    c(picklist('cqext__Result__c', 'Result', ['Pass', 'Fail', 'N/A'])),
    c(number('cqext__Score__c', 'Score', 5, 2)),
    c(longText('cqext__Notes__c', 'Notes', 32768)),
  ]),
];

export const toolingObjects: ObjectDef[] = [
  sobject(
    'LightningComponentBundle',
    'Lightning Component Bundle',
    'Lightning Component Bundles',
    '0Rb',
    [
      text('DeveloperName', 'Developer Name', 80, { nameField: true, unique: true }),
      text('FullName', 'Full Name', 255),
      text('MasterLabel', 'Master Label', 255),
      text('Description', 'Description', 255),
      number('ApiVersion', 'Api Version', 4, 1),
      checkbox('IsExposed', 'Is Exposed'),
      text('NamespacePrefix', 'Namespace Prefix', 15),
      { name: 'Metadata', label: 'Metadata', type: 'anyType' },
    ],
    { owned: false, tooling: true },
  ),
  sobject(
    'LightningComponentResource',
    'Lightning Component Resource',
    'Lightning Component Resources',
    '0Rd',
    [
      lookup(
        'LightningComponentBundleId',
        'Bundle',
        'LightningComponentBundle',
        'LightningComponentBundle',
        undefined,
        {
          ...req,
          updateable: false,
        },
      ),
      text('FilePath', 'File Path', 255, { ...req, nameField: true }),
      picklist('Format', 'Format', ['js', 'html', 'css', 'xml', 'json', 'svg']),
      longText('Source', 'Source', 1_000_000),
    ],
    { owned: false, tooling: true },
  ),
  sobject(
    'ApexPage',
    'Visualforce Page',
    'Visualforce Pages',
    '066',
    [
      name('Name', 80),
      text('MasterLabel', 'Label', 80),
      number('ApiVersion', 'Api Version', 4, 1),
      longText('Markup', 'Markup', 1_000_000),
      text('NamespacePrefix', 'Namespace Prefix', 15),
      text('Description', 'Description', 255),
    ],
    { owned: false, tooling: true },
  ),
  sobject(
    'FlowDefinitionView',
    'Flow Definition View',
    'Flow Definition Views',
    '300',
    [
      text('ApiName', 'API Name', 80, { nameField: true }),
      text('Label', 'Label', 255),
      text('ProcessType', 'Process Type', 40),
      checkbox('IsActive', 'Is Active'),
      text('DurableId', 'Durable Id', 18),
      text('NamespacePrefix', 'Namespace Prefix', 15),
      text('Description', 'Description', 255),
    ],
    { owned: false, tooling: true, createable: false },
  ),
  // Which Apex classes implement which interface (the publisher lists dynamic-filter implementations).
  sobject(
    'ApexTypeImplementor',
    'Apex Type Implementor',
    'Apex Type Implementors',
    '0Ay',
    [
      text('ClassName', 'Class Name', 255, { nameField: true }),
      text('ClassNamespacePrefix', 'Class Namespace Prefix', 15),
      text('InterfaceName', 'Interface Name', 255),
      text('InterfaceNamespacePrefix', 'Interface Namespace Prefix', 15),
      checkbox('IsConcrete', 'Is Concrete'),
    ],
    { owned: false, tooling: true, createable: false },
  ),
];
