// The org's standard objects the product touches (its custom objects come from the salesforce/ SFDX
// project: sfdx.ts) and the Tooling API objects.
import { IdFactory } from '../ids.js';
import { checkbox, date, datetime, longText, lookup, number, picklist, sobject, text } from './dsl.js';
import type { FieldDef, ObjectDef } from './types.js';

const fixed = new IdFactory();
export const RECORD_TYPE_IDS = {
  master: '012000000000000AAA',
  safetyInspectionCriteria: fixed.next('012', 1),
  standardDocument: fixed.next('012', 2),
};
/** The package's namespace prefix by default (the spec's); an unmanaged deploy has none (`--namespace ''`). */
export const NS = 'cqext';

const req: Partial<FieldDef> = { required: true, nillable: false };
const ro: Partial<FieldDef> = { createable: false, updateable: false };

const name = (label = 'Name', length = 80): FieldDef =>
  text('Name', label, length, { ...req, nameField: true });
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
    // The emulator's own test fixture (not the product's): a non-unique external id for the 300 upsert case.
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
    // An org names a task by its Subject (describe's nameField, UI API's nameFields).
    text('Subject', 'Subject', 255, { nameField: true }),
    picklist('Status', 'Status', [{ value: 'Not Started', defaultValue: true }, 'In Progress', 'Completed'], {
      nillable: false,
      defaultValue: 'Not Started',
    }),
    picklist('Priority', 'Priority', ['High', { value: 'Normal', defaultValue: true }, 'Low'], {
      nillable: false,
      defaultValue: 'Normal',
    }),
    date('ActivityDate', 'Due Date Only'),
    lookup('WhatId', 'Related To ID', 'Account', 'What', 'Tasks', { referenceToCustom: 'activities' }),
    lookup('WhoId', 'Name ID', 'Contact', 'Who', 'Tasks'),
    longText('Description', 'Description', 32000),
    checkbox('IsClosed', 'Closed', ro),
  ]),
  // Queues (issue 43): a Group of Type Queue owns records of the objects its QueueSobject rows name, and
  // its members (GroupMember) see and edit what it owns.
  // https://developer.salesforce.com/docs/atlas.en-us.object_reference.meta/object_reference/sforce_api_objects_group.htm
  sobject(
    'Group',
    'Group',
    'Groups',
    '00G',
    [
      name('Name', 40),
      text('DeveloperName', 'Developer Name', 80, req),
      picklist('Type', 'Type', ['Regular', 'Queue'], { nillable: false, defaultValue: 'Regular' }),
      { name: 'Email', label: 'Email', type: 'email', length: 255 },
    ],
    { owned: false },
  ),
  sobject(
    'GroupMember',
    'Group Member',
    'Group Members',
    '011',
    [
      lookup('GroupId', 'Group ID', 'Group', 'Group', 'GroupMembers', req),
      lookup('UserOrGroupId', 'User/Group ID', ['User', 'Group'], 'UserOrGroup', undefined, req),
    ],
    { owned: false },
  ),
  sobject(
    'QueueSobject',
    'Queue Sobject',
    'Queue Sobjects',
    '03g',
    [
      lookup('QueueId', 'Group ID', 'Group', 'Queue', 'QueueSobjects', req),
      text('SobjectType', 'Sobject Type', 40, req),
    ],
    { owned: false },
  ),
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
      ['User', 'Account'],
      'FirstPublishLocation',
      undefined,
      { updateable: false, referenceToCustom: 'all' },
    ),
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
        // a file can be shared with a task too (a completed corrective action's photo)
        ['User', 'Account', 'Task'],
        'LinkedEntity',
        'ContentDocumentLinks',
        { ...req, updateable: false, referenceToCustom: 'all' },
      ),
      picklist('ShareType', 'Share Type', ['V', 'C', 'I'], { defaultValue: 'V' }),
      picklist('Visibility', 'Visibility', ['AllUsers', 'InternalUsers', 'SharedUsers'], {
        defaultValue: 'AllUsers',
      }),
    ],
    { owned: false },
  ),
  // Permission sets: deployed ones are rows here; `sf org assign permset` creates assignments.
  sobject(
    'PermissionSet',
    'Permission Set',
    'Permission Sets',
    '0PS',
    [
      text('Name', 'Name', 80, { ...req, nameField: true }),
      text('Label', 'Label', 80, req),
      text('Description', 'Description', 255),
      text('NamespacePrefix', 'Namespace Prefix', 15),
      checkbox('IsOwnedByProfile', 'Is Owned By Profile'),
      checkbox('IsCustom', 'Custom'),
      lookup('ProfileId', 'Profile ID', 'Profile', 'Profile'),
    ],
    { owned: false },
  ),
  sobject(
    'PermissionSetAssignment',
    'Permission Set Assignment',
    'Permission Set Assignments',
    '0Pa',
    [
      lookup('AssigneeId', 'Assignee ID', 'User', 'Assignee', 'PermissionSetAssignments', {
        ...req,
        updateable: false,
      }),
      lookup('PermissionSetId', 'Permission Set ID', 'PermissionSet', 'PermissionSet', 'Assignments', {
        ...req,
        updateable: false,
      }),
      checkbox('IsActive', 'Is Active', { ...ro, defaultValue: true }),
    ],
    { owned: false },
  ),
];

// A task may be owned by a queue (Setup > Queues, Supported Objects: Task), so its owner is a User or a Group.
const taskOwner = standardObjects.find((o) => o.name === 'Task')?.fields.find((f) => f.name === 'OwnerId');
if (taskOwner) taskOwner.referenceTo = ['Group', 'User'];

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
