/**
 * The genealogy demo of the spec (section 2): a GEDCOM X-shaped data schema, a ui schema with the
 * tabs Persons, Relationships, SourceDescriptions, Agents, Events, Documents, Places and Generic, and
 * sample data. The spec does not show its data; this follows GEDCOM X's conceptual model.
 */
import type { FormJsonSchema, LayoutElement, UISchemaElement } from 'shared-contracts';

const ref = (name: string): FormJsonSchema => ({ $ref: `#/definitions/${name}` });
const str = (title: string, extra: FormJsonSchema = {}): FormJsonSchema => ({
  type: 'string',
  title,
  ...extra,
});

export const genealogySchema: FormJsonSchema = {
  type: 'object',
  definitions: {
    Date: {
      type: 'object',
      title: 'Date',
      properties: {
        original: str('Original'),
        formal: str('Formal', {
          pattern: '^[+-]?\\d{4}(-\\d{2}(-\\d{2})?)?$',
          errorMessage: 'Formal dates look like +1850-03-12',
        }),
      },
    },
    Fact: {
      type: 'object',
      title: 'Fact',
      properties: {
        type: str('Type', {
          oneOf: ['Birth', 'Christening', 'Death', 'Burial', 'Marriage', 'Residence', 'Occupation'].map(
            (t) => ({ const: `http://gedcomx.org/${t}`, title: t }),
          ),
        }),
        date: str('Date'),
        place: str('Place'),
        value: str('Value'),
      },
    },
    Person: {
      type: 'object',
      required: ['id', 'surname'],
      properties: {
        id: str('Id', { pattern: '^[A-Za-z0-9_-]+$', errorMessage: 'Ids use letters, digits, - and _' }),
        given: str('Given name'),
        surname: str('Surname'),
        gender: str('Gender', {
          oneOf: [
            { const: 'http://gedcomx.org/Male', title: 'Male' },
            { const: 'http://gedcomx.org/Female', title: 'Female' },
            { const: 'http://gedcomx.org/Unknown', title: 'Unknown' },
          ],
        }),
        living: { type: 'boolean', title: 'Living' },
        birthDate: str('Birth date', { format: 'date' }),
        facts: { type: 'array', title: 'Facts', items: ref('Fact') },
      },
    },
    Relationship: {
      type: 'object',
      required: ['type', 'person1', 'person2'],
      properties: {
        id: str('Id'),
        type: str('Type', {
          oneOf: [
            { const: 'http://gedcomx.org/Couple', title: 'Couple' },
            { const: 'http://gedcomx.org/ParentChild', title: 'Parent-child' },
          ],
        }),
        person1: str('Person 1 (#id)', {
          pattern: '^#[A-Za-z0-9_-]+$',
          errorMessage: 'Refer to a person as #id',
        }),
        person2: str('Person 2 (#id)', {
          pattern: '^#[A-Za-z0-9_-]+$',
          errorMessage: 'Refer to a person as #id',
        }),
      },
    },
    SourceDescription: {
      type: 'object',
      properties: {
        id: str('Id'),
        title: str('Title'),
        resourceType: str('Resource type', {
          oneOf: ['Collection', 'PhysicalArtifact', 'DigitalArtifact', 'Record'].map((t) => ({
            const: `http://gedcomx.org/${t}`,
            title: t,
          })),
        }),
        citation: str('Citation'),
        about: str('About (URI)', { format: 'uri' }),
      },
    },
    Agent: {
      type: 'object',
      properties: {
        id: str('Id'),
        name: str('Name'),
        email: str('Email', { format: 'email' }),
        homepage: str('Homepage', { format: 'uri' }),
      },
    },
    Event: {
      type: 'object',
      properties: {
        id: str('Id'),
        type: str('Type', {
          oneOf: ['Birth', 'Marriage', 'Death', 'Census'].map((t) => ({
            const: `http://gedcomx.org/${t}`,
            title: t,
          })),
        }),
        date: str('Date'),
        place: str('Place'),
        roles: {
          type: 'array',
          title: 'Roles',
          items: { type: 'object', properties: { person: str('Person (#id)'), role: str('Role') } },
        },
      },
    },
    Document: {
      type: 'object',
      properties: { id: str('Id'), type: str('Type'), text: str('Text') },
    },
    Place: {
      type: 'object',
      properties: {
        id: str('Id'),
        name: str('Name'),
        latitude: { type: 'number', title: 'Latitude', minimum: -90, maximum: 90 },
        longitude: { type: 'number', title: 'Longitude', minimum: -180, maximum: 180 },
      },
    },
    Generic: { type: 'object', properties: { key: str('Key'), value: str('Value') } },
  },
  properties: {
    persons: { type: 'array', title: 'Persons', items: ref('Person') },
    relationships: { type: 'array', title: 'Relationships', items: ref('Relationship') },
    sourceDescriptions: { type: 'array', title: 'SourceDescriptions', items: ref('SourceDescription') },
    agents: { type: 'array', title: 'Agents', items: ref('Agent') },
    events: { type: 'array', title: 'Events', items: ref('Event') },
    documents: { type: 'array', title: 'Documents', items: ref('Document') },
    places: { type: 'array', title: 'Places', items: ref('Place') },
    generic: { type: 'array', title: 'Generic', items: ref('Generic') },
  },
};

const c = (scope: string, extra: Partial<UISchemaElement> = {}): UISchemaElement =>
  ({ type: 'Control', scope: `#/properties/${scope}`, ...extra }) as UISchemaElement;
const row = (...elements: UISchemaElement[]): UISchemaElement => ({ type: 'HorizontalLayout', elements });
const tab = (label: string, scope: string, labelField: string, detail: UISchemaElement[]): LayoutElement => ({
  type: 'Category',
  label,
  elements: [
    {
      type: 'ListWithDetail',
      scope: `#/properties/${scope}`,
      label,
      options: { labelField },
      elements: detail,
    },
  ],
});

export const genealogyUISchema: LayoutElement = {
  type: 'Categorization',
  elements: [
    tab('Persons', 'persons', 'surname', [
      row(c('id'), c('gender')),
      row(c('given'), c('surname')),
      row(c('birthDate'), c('living')),
      { type: 'table', scope: '#/properties/facts', label: 'Facts' } as UISchemaElement,
    ]),
    tab('Relationships', 'relationships', 'type', [c('type'), row(c('person1'), c('person2'))]),
    tab('SourceDescriptions', 'sourceDescriptions', 'title', [
      row(c('id'), c('resourceType')),
      c('title'),
      c('citation', { options: { multi: true } }),
      c('about'),
    ]),
    tab('Agents', 'agents', 'name', [row(c('id'), c('name')), row(c('email'), c('homepage'))]),
    tab('Events', 'events', 'type', [
      row(c('id'), c('type')),
      row(c('date'), c('place')),
      { type: 'table', scope: '#/properties/roles', label: 'Roles' } as UISchemaElement,
    ]),
    tab('Documents', 'documents', 'type', [row(c('id'), c('type')), c('text', { options: { multi: true } })]),
    tab('Places', 'places', 'name', [row(c('id'), c('name')), row(c('latitude'), c('longitude'))]),
    tab('Generic', 'generic', 'key', [row(c('key'), c('value'))]),
  ],
};

export const genealogySampleData = {
  persons: [
    {
      id: 'P1',
      given: 'Ada',
      surname: 'Byron',
      gender: 'http://gedcomx.org/Female',
      living: false,
      birthDate: '1815-12-10',
      facts: [
        { type: 'http://gedcomx.org/Birth', date: '10 December 1815', place: 'London' },
        { type: 'http://gedcomx.org/Death', date: '27 November 1852', place: 'Marylebone' },
      ],
    },
    {
      id: 'P2',
      given: 'William',
      surname: 'King',
      gender: 'http://gedcomx.org/Male',
      living: false,
      facts: [],
    },
    {
      id: 'P3',
      given: 'Byron',
      surname: 'King',
      gender: 'http://gedcomx.org/Male',
      living: false,
      birthDate: '1836-05-12',
    },
  ],
  relationships: [
    { id: 'R1', type: 'http://gedcomx.org/Couple', person1: '#P1', person2: '#P2' },
    { id: 'R2', type: 'http://gedcomx.org/ParentChild', person1: '#P1', person2: '#P3' },
  ],
  sourceDescriptions: [
    {
      id: 'S1',
      title: 'Marriage register, Fordhook',
      resourceType: 'http://gedcomx.org/PhysicalArtifact',
      citation: 'Parish of Ealing, marriages 1835, entry 112',
      about: 'https://example.org/sources/S1',
    },
  ],
  agents: [
    { id: 'A1', name: 'County Record Office', email: 'records@example.org', homepage: 'https://example.org' },
  ],
  events: [
    {
      id: 'E1',
      type: 'http://gedcomx.org/Marriage',
      date: '8 July 1835',
      place: 'Fordhook, Ealing',
      roles: [
        { person: '#P1', role: 'Principal' },
        { person: '#P2', role: 'Principal' },
      ],
    },
  ],
  documents: [
    {
      id: 'D1',
      type: 'http://gedcomx.org/Analysis',
      text: 'The couple is named in both the register and the census.',
    },
  ],
  places: [
    { id: 'PL1', name: 'London, England', latitude: 51.5072, longitude: -0.1276 },
    { id: 'PL2', name: 'Ealing, Middlesex', latitude: 51.513, longitude: -0.3089 },
  ],
  generic: [{ key: 'project', value: 'Lovelace family tree' }],
};

export const GENEALOGY_TABS = [
  'Persons',
  'Relationships',
  'SourceDescriptions',
  'Agents',
  'Events',
  'Documents',
  'Places',
  'Generic',
] as const;
