// The demo org: users, accounts, contacts, cqext forms, submissions, programs with tasks, controlled documents.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { createContentVersion } from '../files/storage.js';
import { IdFactory } from '../ids.js';
import { RECORD_TYPE_IDS } from '../metadata/objects.js';
import { recordPermissionSet } from '../metadata/deploy-metadata.js';
import { DEFAULT_SOURCE_DIR, readSourceObjects, readSourcePermissionSets } from '../metadata/sfdx.js';
import { readSourceTranslations } from '../metadata/translations.js';
import { applyMetadataRecords, readSourceMetadataRecords } from '../metadata/custom-metadata.js';
import { passwordHash } from '../oauth/tokens.js';
import type { Org } from '../org.js';
import { sfDateTime } from '../org.js';
import { insertRaw } from '../sobjects/dml.js';
import type { SRecord } from '../store/records.js';
import { builderJsonBase64, buildFormJson, largeFormSpec, type FormSpec } from './forms.js';
import {
  CITIES,
  COMPANY_STEMS,
  COMPANY_SUFFIXES,
  FIRST_NAMES,
  LAST_NAMES,
  TITLES,
  pick,
  prng,
} from './names.js';

export const DEMO_PASSWORD = 'demo1234';

/** A 160x120 gradient PNG (real image data, so thumbnails are real). */
function demoPhoto(): Buffer {
  const png = new PNG({ width: 160, height: 120 });
  for (let y = 0; y < 120; y++) {
    for (let x = 0; x < 160; x++) {
      const i = (y * 160 + x) * 4;
      png.data[i] = 40 + x;
      png.data[i + 1] = 80 + y;
      png.data[i + 2] = 200;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}
const fixed = new IdFactory();
export const DEMO_IDS = {
  org: fixed.next('00D', 1),
  admin: fixed.next('005', 1),
  fieldUser: fixed.next('005', 2),
  partnerUser: fixed.next('005', 3),
  network: fixed.next('0DB', 1),
  /** The "Site Maintenance" queue (Tasks), whose member is partner.user (issue 43). */
  maintenanceQueue: fixed.next('00G', 1),
};

const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Seeds the always-present records (organization); `demo` adds the full demo data set. */
export function seed(org: Org, kind: 'demo' | 'none'): void {
  // The demo org has the package deployed (the repository's salesforce/ project); a bare org has only
  // the standard objects until `sf project deploy start` creates the rest.
  org.setCustomMetadata(
    kind === 'demo' ? readSourceObjects(org.options.sourceDir ?? DEFAULT_SOURCE_DIR) : [],
  );
  org.setObjectTranslations(
    kind === 'demo' ? readSourceTranslations(org.options.sourceDir ?? DEFAULT_SOURCE_DIR) : [],
  );
  org.store.transaction(() => {
    const orgId = org.options.orgId ?? DEMO_IDS.org;
    org.store.setKv('orgId', orgId);
    // The seed is written with the package's default namespace; an org with another (or none) gets the
    // same data under its own names: keys, object names and every `cqext__` in text (form JSON, types).
    const prefix = org.naming.ns ? `${org.naming.ns}__` : '';
    const rename = (text: string): string =>
      prefix === 'cqext__' ? text : text.replaceAll('cqext__', prefix);
    const renameValues = (values: SRecord): SRecord =>
      Object.fromEntries(
        Object.entries(values).map(([k, v]) => [
          rename(k),
          k === 'NamespacePrefix' && v === 'cqext'
            ? org.naming.ns || null
            : typeof v === 'string'
              ? rename(v)
              : v,
        ]),
      );
    const get = (name: string) => {
      const m = org.registry.get(rename(name));
      if (!m) throw new Error(`unknown object ${name}`);
      return m;
    };
    const put = (name: string, values: SRecord, owner = DEMO_IDS.admin, id?: string): SRecord =>
      insertRaw(org, get(name), renameValues(values), owner, id);
    const putTooling = (name: string, values: SRecord): SRecord => {
      const m = org.tooling.get(name);
      if (!m) throw new Error(`unknown tooling object ${name}`);
      return insertRaw(org, m, values, DEMO_IDS.admin);
    };

    put(
      'Organization',
      {
        Name: org.options.orgName ?? 'CQ Demo Org',
        OrganizationType: 'Developer Edition',
        InstanceName: 'EMU1',
        IsSandbox: false,
        TimeZoneSidKey: 'GMT',
        LanguageLocaleKey: 'en_US',
        DefaultLocaleSidKey: 'en_US',
        NamespacePrefix: null,
        TrialExpirationDate: null,
        IsReadOnly: false,
        Country: 'US',
        SignupCountryIsoCode: 'US',
        FiscalYearStartMonth: 1,
        UsesStartDateAsFiscalYearName: false,
        ReceivesInfoEmails: false,
        ReceivesAdminInfoEmails: false,
        UiSkin: 'Theme3',
      },
      DEMO_IDS.admin,
      orgId,
    );
    const photo = (id: string, size: 'T' | 'F'): string => `${org.baseUrl}/profilephoto/${id}/${size}`;
    const profiles = {
      admin: put('Profile', { Name: 'System Administrator', UserType: 'Standard' }).Id,
      standard: put('Profile', { Name: 'Standard User', UserType: 'Standard' }).Id,
      partner: put('Profile', { Name: 'Partner Community User', UserType: 'PowerPartner' }).Id,
    };
    put(
      'Network',
      { Name: 'Partner Portal', UrlPathPrefix: 'partners', Status: 'Live' },
      DEMO_IDS.admin,
      DEMO_IDS.network,
    );
    const user = (id: string, v: SRecord): void => {
      put(
        'User',
        { ...v, IsActive: true, SmallPhotoUrl: photo(id, 'T'), FullPhotoUrl: photo(id, 'F') },
        DEMO_IDS.admin,
        id,
      );
      org.store.setKv(`pw:${id}`, passwordHash(DEMO_PASSWORD, id));
    };
    user(DEMO_IDS.admin, {
      Username: 'admin@demo.org',
      FirstName: 'Ada',
      LastName: 'Admin',
      Email: 'admin@demo.org',
      Alias: 'aadmin',
      TimeZoneSidKey: 'America/Los_Angeles',
      LocaleSidKey: 'en_US',
      LanguageLocaleKey: 'en_US',
      UserType: 'Standard',
      ProfileId: profiles.admin,
      Title: 'Salesforce Administrator',
    });
    user(DEMO_IDS.fieldUser, {
      Username: 'field.user@demo.org',
      FirstName: 'Frank',
      LastName: 'Fielding',
      Email: 'field.user@demo.org',
      Alias: 'ffield',
      TimeZoneSidKey: 'America/New_York',
      LocaleSidKey: 'en_US',
      LanguageLocaleKey: 'en_US',
      UserType: 'Standard',
      ProfileId: profiles.standard,
      Title: 'Field Inspector',
    });
    if (kind === 'none') return;

    // A queue that takes tasks (corrective actions assigned to a crew), partner.user its member.
    put(
      'Group',
      { Name: 'Site Maintenance', DeveloperName: 'Site_Maintenance', Type: 'Queue' },
      DEMO_IDS.admin,
      DEMO_IDS.maintenanceQueue,
    );
    put('QueueSobject', { QueueId: DEMO_IDS.maintenanceQueue, SobjectType: 'Task' });
    put('GroupMember', { GroupId: DEMO_IDS.maintenanceQueue, UserOrGroupId: DEMO_IDS.partnerUser });

    // The package's permission sets, as deployed with its objects.
    for (const ps of readSourcePermissionSets(org.options.sourceDir ?? DEFAULT_SOURCE_DIR)) {
      recordPermissionSet(org, ps.name, ps.body, DEMO_IDS.admin);
    }
    applyMetadataRecords(
      org,
      readSourceMetadataRecords(org.options.sourceDir ?? DEFAULT_SOURCE_DIR),
      DEMO_IDS.admin,
    );

    // Accounts: 40 stems x 8 suffixes gives 320 distinct, realistic-looking names.
    const rand = prng(42);
    const accounts: SRecord[] = [];
    for (const stem of COMPANY_STEMS) {
      for (const suffix of COMPANY_SUFFIXES) {
        const [city, state, country] = pick(rand, CITIES);
        accounts.push(
          put('Account', {
            Name: `${stem} ${suffix}`,
            Type: pick(rand, ['Prospect', 'Customer - Direct', 'Customer - Channel', 'Partner']),
            Industry: pick(rand, [
              'Chemicals',
              'Construction',
              'Energy',
              'Manufacturing',
              'Transportation',
              'Utilities',
            ]),
            AccountNumber: `AC-${String(accounts.length + 1).padStart(5, '0')}`,
            BillingCity: city,
            BillingState: state,
            BillingCountry: country,
            Phone: `+1 555 ${String(1000 + Math.floor(rand() * 9000))}`,
            Website: `https://www.${stem.toLowerCase().replace(/[^a-z]/g, '')}.example.com`,
            NumberOfEmployees: 50 + Math.floor(rand() * 5000),
          }),
        );
      }
    }
    const contacts: SRecord[] = [];
    for (let i = 0; i < 160; i++) {
      const first = pick(rand, FIRST_NAMES);
      const last = pick(rand, LAST_NAMES);
      const account = accounts[(i * 7) % accounts.length] as SRecord;
      contacts.push(
        put('Contact', {
          FirstName: first,
          LastName: last,
          Email: `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + `${i}@example.com`,
          Phone: `+1 555 ${String(2000 + i)}`,
          Title: pick(rand, TITLES),
          AccountId: account.Id,
        }),
      );
    }
    const partnerAccount = accounts[3] as SRecord;
    const partnerContact = put('Contact', {
      FirstName: 'Paula',
      LastName: 'Partner',
      Email: 'partner.user@demo.org',
      Title: 'Contract Inspector',
      AccountId: partnerAccount.Id,
    });
    user(DEMO_IDS.partnerUser, {
      Username: 'partner.user@demo.org',
      FirstName: 'Paula',
      LastName: 'Partner',
      Email: 'partner.user@demo.org',
      Alias: 'ppart',
      TimeZoneSidKey: 'Europe/London',
      LocaleSidKey: 'en_GB',
      LanguageLocaleKey: 'en_US',
      UserType: 'PowerPartner',
      ProfileId: profiles.partner,
      ContactId: partnerContact.Id,
      AccountId: partnerAccount.Id,
      Title: 'Contract Inspector',
    });
    // The personas' permission sets, assigned as `sf org assign permset` assigns them.
    const permissionSetId = (name: string): unknown =>
      org.store.list('PermissionSet').find((p) => p.Name === name)?.Id;
    for (const [assignee, set] of [
      [DEMO_IDS.fieldUser, 'CQ_Field_User'],
      [DEMO_IDS.partnerUser, 'CQ_Field_User'],
      [DEMO_IDS.admin, 'CQ_Form_Builder'],
    ] as const) {
      const id = permissionSetId(set);
      if (id) put('PermissionSetAssignment', { AssigneeId: assignee, PermissionSetId: id });
    }

    // Record types and controlled documents (safety inspection criteria with sections and questions).
    put(
      'RecordType',
      {
        Name: 'Safety Inspection Criteria',
        DeveloperName: 'Safety_Inspection_Criteria',
        SobjectType: 'cqext__SQX_Controlled_Document__c',
        NamespacePrefix: 'cqext',
        IsActive: true,
      },
      DEMO_IDS.admin,
      RECORD_TYPE_IDS.safetyInspectionCriteria,
    );
    put(
      'RecordType',
      {
        Name: 'Standard Document',
        DeveloperName: 'Standard_Document',
        SobjectType: 'cqext__SQX_Controlled_Document__c',
        NamespacePrefix: 'cqext',
        IsActive: true,
      },
      DEMO_IDS.admin,
      RECORD_TYPE_IDS.standardDocument,
    );
    const colour = [
      'Pass|Pass|green-white',
      'Needs Attention|Needs Attention|yellow-black',
      'Fail|Fail|red-white',
      'N/A|Not Applicable|grey-black',
    ].join('\n');
    const docs: SRecord[] = [];
    const docSpecs: [string, string, string, string, string][] = [
      [
        'DOC-0001',
        'Fire Safety Inspection Criteria',
        'Current',
        'Fire Safety',
        RECORD_TYPE_IDS.safetyInspectionCriteria,
      ],
      [
        'DOC-0002',
        'Electrical Safety Inspection Criteria',
        'Pre-Release',
        'Electrical',
        RECORD_TYPE_IDS.safetyInspectionCriteria,
      ],
      [
        'DOC-0003',
        'Chemical Storage Criteria',
        'Current',
        'Chemical',
        RECORD_TYPE_IDS.safetyInspectionCriteria,
      ],
      [
        'DOC-0004',
        'Legacy Fire Criteria',
        'Obsolete',
        'Fire Safety',
        RECORD_TYPE_IDS.safetyInspectionCriteria,
      ],
      ['DOC-0005', 'Quality Manual', 'Current', 'General', RECORD_TYPE_IDS.standardDocument],
    ];
    for (const [num, title, status, criteria, rt] of docSpecs) {
      const doc = put('cqext__SQX_Controlled_Document__c', {
        Name: num,
        cqext__Title__c: title,
        cqext__Document_Number__c: num,
        cqext__Document_Status__c: status,
        cqext__Criteria_Type__c: criteria,
        RecordTypeId: rt,
      });
      docs.push(doc);
      if (rt !== RECORD_TYPE_IDS.safetyInspectionCriteria) continue;
      for (let s = 1; s <= 3; s++) {
        const section = put('cqext__SQX_Document_Section__c', {
          Name: `${num}-S${s}`,
          cqext__Controlled_Document__c: doc.Id,
          cqext__Section_Title__c: ['General Conditions', 'Equipment', 'Emergency Readiness'][s - 1],
          cqext__Order__c: s,
        });
        for (let q = 1; q <= 4; q++) {
          const radio = q % 2 === 0;
          put('cqext__SQX_Document_Question__c', {
            Name: `${num}-S${s}-Q${q}`,
            cqext__Controlled_Document__c: doc.Id,
            cqext__Section__c: section.Id,
            cqext__Question__c: `${criteria}: check ${s}.${q} is in order?`,
            cqext__Question_Type__c: radio ? 'Radio' : 'Picklist',
            cqext__Result_Type__c: q === 4 ? 'Text' : 'Color Code',
            cqext__Options__c: q === 4 ? 'Yes|Yes\nNo|No' : colour,
            cqext__Order__c: q,
            // The first question of each section must be answered.
            cqext__Required__c: q === 1,
          });
        }
      }
    }

    // Form definitions. Dependent dropdowns take their options and validFor lists from the object metadata.
    const dependentOptions = (object: string, field: string) =>
      (get(object).field(rename(field))?.picklistValues ?? []).map((p) => ({
        const: p.value,
        title: p.label ?? p.value,
        validFor: p.validFor ?? [],
      }));
    const forms: SRecord[] = [];
    const form = (name: string, title: string, offline: boolean, status: string, spec: FormSpec): SRecord => {
      const json = buildFormJson(spec);
      const rec = put('cqext__SQX_Form_Definition__c', {
        Name: name,
        cqext__Title__c: title,
        cqext__Supports_Offline__c: offline,
        cqext__Form_JSON__c: JSON.stringify(json),
        cqext__Form_Builder_JSON__c: builderJsonBase64(json, spec.cqFormType),
        cqext__Object_Type__c: spec.cqFormType,
        cqext__Status__c: status,
      });
      forms.push(rec);
      return rec;
    };
    const general = form('FORM-0001', 'General Site Inspection', true, 'Active', {
      formName: 'General Site Inspection',
      cqFormType: 'cqext__SQX_Inspection__c',
      contextObject: 'Account',
      contextObjectRelationshipName: 'cqext__Account__r',
      sections: [
        {
          id: 'section-1',
          title: 'Site details',
          fields: [
            {
              key: 'cqext__Account__c',
              title: 'Site',
              kind: 'lookup',
              on: 'main',
              lookupTo: 'Account',
              required: true,
            },
            {
              key: 'cqext__Inspection_Date__c',
              title: 'Inspection date',
              kind: 'date',
              on: 'main',
              required: true,
            },
            {
              key: 'CQ_Form_Weather',
              title: 'Weather',
              kind: 'dropdown',
              options: [
                { const: 'Sunny', title: 'Sunny' },
                { const: 'Rain', title: 'Rain' },
                { const: 'Snow', title: 'Snow' },
              ],
            },
            { key: 'CQ_Form_Area_Clean', title: 'Area clean and tidy?', kind: 'yesno' },
            { key: 'cqext__Notes__c', title: 'Notes', kind: 'textarea', on: 'main' },
          ],
        },
      ],
    });
    const safety = form('FORM-0002', 'Workplace Safety Inspection', true, 'Active', {
      formName: 'Workplace Safety Inspection',
      cqFormType: 'cqext__SQX_Safety_Inspection__c',
      contextObject: 'Account',
      contextObjectRelationshipName: 'cqext__Account__r',
      sections: [
        {
          id: 'section-1',
          title: 'Inspection',
          fields: [
            {
              key: 'cqext__Account__c',
              title: 'Account',
              kind: 'lookup',
              on: 'main',
              lookupTo: 'Account',
              required: true,
            },
            { key: 'cqext__Inspection_Date__c', title: 'Inspection date', kind: 'date', on: 'main' },
            {
              key: 'cqext__Hazard_Category__c',
              title: 'Hazard category',
              kind: 'dropdown',
              on: 'main',
              options: [
                { const: 'Fire', title: 'Fire' },
                { const: 'Electrical', title: 'Electrical' },
                { const: 'Chemical', title: 'Chemical' },
              ],
            },
            {
              key: 'cqext__Hazard_Type__c',
              title: 'Hazard type',
              kind: 'dropdown',
              on: 'main',
              dependsOn: 'cqext__Hazard_Category__c',
              options: dependentOptions('cqext__SQX_Safety_Inspection__c', 'cqext__Hazard_Type__c'),
            },
          ],
        },
        {
          id: 'section-2',
          title: 'Criteria',
          fields: [
            {
              key: 'CQ_Form_Q1',
              title: 'Exits clear?',
              kind: 'radio',
              options: [
                { const: 'Pass', title: 'Pass', color: 'green-white' },
                { const: 'Fail', title: 'Fail', color: 'red-white' },
              ],
            },
          ],
        },
      ],
    });
    const equipment = form('FORM-0003', 'Equipment Checklist', true, 'Active', {
      formName: 'Equipment Checklist',
      cqFormType: 'cqext__SQX_Inspection__c',
      sections: [
        {
          id: 'section-1',
          title: 'Equipment',
          fields: [
            {
              key: 'cqext__Category__c',
              title: 'Category',
              kind: 'dropdown',
              on: 'main',
              options: [
                { const: 'Facility', title: 'Facility' },
                { const: 'Equipment', title: 'Equipment' },
                { const: 'Vehicle', title: 'Vehicle' },
              ],
            },
            {
              key: 'cqext__Sub_Category__c',
              title: 'Sub category',
              kind: 'dropdown',
              on: 'main',
              dependsOn: 'cqext__Category__c',
              options: dependentOptions('cqext__SQX_Inspection__c', 'cqext__Sub_Category__c'),
            },
            { key: 'CQ_Form_Start_Time', title: 'Start time', kind: 'time' },
            { key: 'CQ_Form_Hours', title: 'Operating hours', kind: 'number' },
          ],
          table: { id: 'G_Table_1', title: 'Readings', columns: ['Gauge', 'Reading', 'Unit'] },
        },
        {
          id: 'section-2',
          title: 'Evidence and sign-off',
          fields: [],
          files: true,
          signatures: ['Inspector', 'Supervisor'],
        },
      ],
    });
    form('FORM-0004', 'Annual Facility Audit', true, 'Active', largeFormSpec(1050));
    const incident = form('FORM-0005', 'Incident Report', false, 'Active', {
      formName: 'Incident Report',
      cqFormType: 'cqext__SQX_Inspection__c',
      sections: [
        {
          id: 'section-1',
          title: 'Incident',
          fields: [
            { key: 'CQ_Form_When', title: 'When did it happen?', kind: 'datetime', required: true },
            { key: 'CQ_Form_What', title: 'What happened?', kind: 'textarea', required: true },
            {
              key: 'cqext__Contact__c',
              title: 'Reported by',
              kind: 'lookup',
              on: 'main',
              lookupTo: 'Contact',
            },
          ],
        },
      ],
    });
    form('FORM-0006', 'Vehicle Pre-Trip Check', false, 'Inactive', {
      formName: 'Vehicle Pre-Trip Check',
      cqFormType: 'cqext__SQX_Inspection__c',
      sections: [
        {
          id: 'section-1',
          title: 'Vehicle',
          fields: [
            { key: 'CQ_Form_Brakes', title: 'Brakes OK?', kind: 'yesno' },
            { key: 'CQ_Form_Tyres', title: 'Tyres OK?', kind: 'yesno' },
          ],
        },
      ],
    });

    // Inspection programs, each with not-started tasks for the demo users.
    const programs: [string, SRecord, number][] = [
      ['Q3 Site Inspections', general, 2],
      ['Monthly Safety Walk', safety, 5],
      ['Equipment Maintenance Rounds', equipment, 9],
      ['Annual Audit Programme', forms[3] as SRecord, 30],
    ];
    /** The programme each form's tasks are for: a scheduled submission of that form is for it. */
    const programOf = new Map<unknown, unknown>();
    for (const [name, f, offset] of programs) {
      const program = put('cqext__SQX_Inspection_Program__c', {
        Name: name,
        cqext__Form_Definition__c: f.Id,
        cqext__Scheduled_For__c: sfDateTime(new Date(Date.now() + offset * 86_400_000)),
      });
      programOf.set(f.Id, program.Id);
      for (const [owner, label] of [
        [DEMO_IDS.fieldUser, 'field'],
        [DEMO_IDS.partnerUser, 'partner'],
        [DEMO_IDS.admin, 'admin'],
      ] as const) {
        put(
          'Task',
          {
            Subject: `${name} (${label})`,
            Status: 'Not Started',
            Priority: 'Normal',
            ActivityDate: day(offset),
            WhatId: program.Id,
            OwnerId: owner,
          },
          owner,
        );
      }
      put(
        'Task',
        {
          Subject: `${name} (last cycle)`,
          Status: 'Completed',
          Priority: 'Normal',
          ActivityDate: day(-offset),
          WhatId: program.Id,
          OwnerId: DEMO_IDS.fieldUser,
        },
        DEMO_IDS.fieldUser,
      );
    }
    // Stable uuid-shaped submission ids so the seeded Uniqueness_Constraint values are the same on every start.
    const uuidRand = prng(7);
    const uuid = (): string => {
      const hex = Array.from({ length: 32 }, () => Math.floor(uuidRand() * 16).toString(16)).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    };
    // Submissions: pending and scheduled ones for the field user, one pending for the partner.
    const submission = (
      f: SRecord,
      owner: string,
      status: string,
      scheduled: string | null,
      doc?: SRecord,
      data?: SRecord,
    ): SRecord =>
      put(
        'cqext__SQX_Form_Submission__c',
        {
          cqext__Uniqueness_Constraint__c: `${String(f.Id)}#${uuid()}`,
          cqext__Form_Definition__c: f.Id,
          cqext__Scheduled_Date__c: scheduled,
          cqext__SQX_Controlled_Document__c: doc?.Id ?? null,
          // a scheduled one is for its form's inspection programme (the task Start begins it from)
          cqext__Main_Record_Id__c: status === 'Scheduled' ? (programOf.get(f.Id) ?? null) : null,
          cqext__Version__c: 1,
          cqext__Status__c: status,
          cqext__Submission_JSON__c: data ? JSON.stringify(data) : null,
        },
        owner,
      );

    submission(general, DEMO_IDS.fieldUser, 'Pending', day(1));
    submission(safety, DEMO_IDS.fieldUser, 'Scheduled', day(3), docs[0]);
    submission(equipment, DEMO_IDS.fieldUser, 'Scheduled', day(7));
    // Stored as the product stores it (Submission_JSON__c = {id, formId, data, status, version}); no
    // formName, as for a record another tool made: the BFF answers it with the form's title.
    const reporter = contacts[2] as SRecord;
    const inProgress = submission(incident, DEMO_IDS.fieldUser, 'In Progress', null, undefined, {
      formId: incident.Id,
      status: 'In Progress',
      version: 1,
      data: {
        General: {
          CQ_Form_When: sfDateTime(new Date(Date.now() - 86_400_000)),
          CQ_Form_What: 'Slipped on wet floor',
        },
        cqext__SQX_Inspection__c: {
          cqext__Contact__c: `${String(reporter.FirstName)} ${String(reporter.LastName)}`,
          cqext__Contact__c_Id: reporter.Id,
        },
      },
    });
    submission(general, DEMO_IDS.partnerUser, 'Pending', day(2));
    // A photo attached to the in-progress submission, so file lists and thumbnails have something to show.
    const attachment = demoPhoto();
    const name = `seed-${String(inProgress.Id)}`;
    writeFileSync(join(org.filesDir, name), attachment);
    createContentVersion(
      org,
      DEMO_IDS.fieldUser,
      { name, size: attachment.length, md5: createHash('md5').update(attachment).digest('hex') },
      { PathOnClient: 'wet-floor.png', Title: 'wet-floor', FirstPublishLocationId: String(inProgress.Id) },
    );

    for (let i = 0; i < 20; i++) {
      const account = accounts[i * 11] as SRecord;
      put(
        'Task',
        {
          Subject: `Follow up with ${String(account.Name)}`,
          Status: i % 3 === 0 ? 'Completed' : 'Not Started',
          ActivityDate: day(i - 5),
          WhatId: account.Id,
          WhoId: (contacts[i] as SRecord).Id,
          OwnerId: DEMO_IDS.fieldUser,
        },
        DEMO_IDS.fieldUser,
      );
    }

    // Main records of the product's objects.
    for (let i = 0; i < 5; i++) {
      put(
        'cqext__SQX_Safety_Inspection__c',
        {
          cqext__Activity_Code__c: i === 0 ? 'submit' : null,
          cqext__Account__c: (accounts[i] as SRecord).Id,
          cqext__Site__c: (accounts[i + 10] as SRecord).Id,
          cqext__Inspector__c: DEMO_IDS.fieldUser,
          cqext__Controlled_Document__c: (docs[0] as SRecord).Id,
          cqext__Hazard_Category__c: ['Fire', 'Electrical', 'Chemical'][i % 3],
          cqext__Hazard_Type__c: ['Blocked Exit', 'Exposed Wiring', 'Spill'][i % 3],
          cqext__Inspection_Date__c: day(-i),
          cqext__Status__c: i < 2 ? 'Complete' : 'Draft',
        },
        DEMO_IDS.fieldUser,
      );
      put(
        'cqext__SQX_Inspection__c',
        {
          cqext__Account__c: (accounts[i + 20] as SRecord).Id,
          cqext__Contact__c: (contacts[i] as SRecord).Id,
          cqext__Category__c: ['Facility', 'Equipment', 'Vehicle'][i % 3],
          cqext__Sub_Category__c: ['Roof', 'Forklift', 'Brakes'][i % 3],
          cqext__Inspection_Date__c: day(-i * 2),
          cqext__Result__c: ['Pass', 'Fail', 'N/A'][i % 3],
          cqext__Score__c: 70 + i * 5,
        },
        DEMO_IDS.fieldUser,
      );
    }

    // Tooling API content the publisher lists.
    for (const [name, label] of [
      ['CQ_FormViewer', 'CQ Form Viewer'],
      ['CQ_PrintSubmission', 'CQ Print Submission'],
      ['SiteLogin', 'Site Login'],
    ]) {
      putTooling('ApexPage', {
        Name: name,
        MasterLabel: label,
        ApiVersion: 60,
        Markup: `<apex:page>${label}</apex:page>`,
        NamespacePrefix: null,
      });
    }
    for (const [api, label] of [
      ['CQ_Submit_Inspection', 'CQ Submit Inspection'],
      ['CQ_Create_Followups', 'CQ Create Follow-ups'],
      ['Lead_Routing', 'Lead Routing'],
    ]) {
      putTooling('FlowDefinitionView', {
        ApiName: api,
        Label: label,
        ProcessType: 'AutoLaunchedFlow',
        IsActive: true,
        DurableId: null,
        NamespacePrefix: null,
      });
    }
    for (const [cls, iface, ns] of [
      ['CQ_AccountSiteFilter', 'SQX_DynamicFilter', 'cqext'],
      ['CQ_OpenTaskFilter', 'SQX_DynamicFilter', 'cqext'],
      ['AccountQueueable', 'Queueable', null],
    ]) {
      putTooling('ApexTypeImplementor', {
        ClassName: cls,
        ClassNamespacePrefix: null,
        InterfaceName: iface,
        // The package's interface carries the org's namespace (none for an unmanaged deploy).
        InterfaceNamespacePrefix: ns === 'cqext' ? org.naming.ns || null : ns,
        IsConcrete: true,
      });
    }
    putTooling('LightningComponentBundle', {
      DeveloperName: 'cqFormRenderer',
      FullName: 'cqFormRenderer',
      MasterLabel: 'CQ Form Renderer',
      ApiVersion: 60,
      IsExposed: true,
      NamespacePrefix: 'cqext',
      Metadata: { apiVersion: 60, isExposed: true, masterLabel: 'CQ Form Renderer' },
    });
  });
}
