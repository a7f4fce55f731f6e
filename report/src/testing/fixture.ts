/** A small inspection form and its submitted answers, shared by the report's tests. */
import type { FormDefinition } from 'shared-contracts';

// 8×8 JPEG and PNG pictures (made with jpeg-js and pngjs): real image bytes for the renderer.
export const JPEG_PIXEL =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSgBBwcHCggKEwoKEygaFhooKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKP/AABEIAAgACAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AOKrwD9bP//Z';
export const PNG_PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAAJUlEQVR4AYXBAQEAIAyAMCTN+6ewlTY427kzj4UECRIkSJAg4QMrkgInO4VXdgAAAABJRU5ErkJggg==';

export const formDef: FormDefinition = {
  formName: 'FORM-0099 - Site Safety',
  version: '2.0.0',
  schema: {
    type: 'object',
    properties: {
      General: {
        type: 'object',
        properties: {
          Site: { type: 'string', title: 'Site name' },
          Visited: { type: 'string', format: 'date', title: 'Visit date' },
          Secret: { type: 'string', title: 'Internal note' },
          Notes: { type: 'string', title: 'Notes' },
          Photos: { type: 'array', items: { type: 'object' } },
          Signatures: { type: 'array', items: { type: 'object' } },
          Readings: { type: 'array', format: 'table', items: { $ref: '#/definitions/Reading' } },
        },
      },
      Checklist: {
        type: 'object',
        properties: {
          q1: {
            type: 'string',
            title: 'Exits clear?',
            oneOf: [
              {
                const: 'Pass',
                title: 'Pass',
                color: 'green-white',
                backgroundColor: '#276749',
                textColor: '#ffffff',
              },
              {
                const: 'Fail',
                title: 'Fail',
                color: 'red-white',
                backgroundColor: '#c53030',
                textColor: '#ffffff',
              },
            ],
          },
          q2: {
            type: 'string',
            title: 'Extinguisher tagged?',
            oneOf: [
              { const: 'Pass', title: 'Pass', color: 'green-white', backgroundColor: '#276749' },
              {
                const: 'Check',
                title: 'Needs check',
                color: 'yellow-black',
                backgroundColor: '#f6e05e',
                textColor: '#1a202c',
              },
            ],
          },
          q3: {
            type: 'string',
            title: 'Lights working?',
            oneOf: [
              { const: 'Pass', title: 'Pass', color: 'green-white', backgroundColor: '#276749' },
              { const: 'Fail', title: 'Fail', color: 'red-white', backgroundColor: '#c53030' },
            ],
          },
        },
      },
    },
    definitions: {
      Reading: {
        type: 'object',
        properties: {
          Point: { type: 'string', title: 'Point', id: 1 },
          Value: { type: 'number', title: 'Reading', id: 2 },
          Ok: { type: 'boolean', title: 'Within limits', id: 3 },
        },
      },
    },
  },
  ui: {
    type: 'VerticalLayout',
    elements: [
      {
        type: 'Section',
        label: 'Site',
        elements: [
          { type: 'Control', scope: '#/properties/General/properties/Site' },
          { type: 'Control', scope: '#/properties/General/properties/Visited' },
          {
            type: 'Control',
            scope: '#/properties/General/properties/Secret',
            rules: [{ type: 'hidden', conditions: [{ field: 'General.Site', operator: 'Exists' }] }],
          },
          { type: 'Control', scope: '#/properties/General/properties/Notes', options: { multi: true } },
        ],
      },
      {
        type: 'Section',
        label: 'Checks',
        elements: [
          { type: 'select', scope: '#/properties/Checklist/properties/q1', options: { colorCode: true } },
          { type: 'radio', scope: '#/properties/Checklist/properties/q2', options: { colorCode: true } },
          { type: 'select', scope: '#/properties/Checklist/properties/q3', options: { colorCode: true } },
        ],
      },
      {
        type: 'Section',
        label: 'Measurements',
        elements: [{ type: 'table', scope: '#/properties/General/properties/Readings' }],
      },
      {
        type: 'Section',
        label: 'Evidence',
        elements: [
          { type: 'photo', scope: '#/properties/General/properties/Photos', label: 'Photos' },
          { type: 'signatures', scope: '#/properties/General/properties/Signatures', label: 'Signatures' },
        ],
      },
      { type: 'Section', label: 'Empty section', elements: [] },
    ],
  },
};

export const LONG_NOTE = 'The loading bay was inspected end to end. '.repeat(30).trim();

export const submission = {
  id: 'sub-1',
  formId: 'a0F000000000099AAA',
  formName: 'FORM-0099 - Site Safety',
  status: 'submitted',
  version: 3,
  createdOn: '2026-11-23T14:00:00.000Z',
  submittedOn: '2026-11-23T15:30:00.000Z',
  data: {
    General: {
      Site: 'North Depot',
      Visited: '2026-11-23',
      Secret: 'do not print',
      Notes: LONG_NOTE,
      Photos: [
        { ContentDocumentId: '069000000000001AAA', LocalId: 'l1', Name: 'bay.jpg', Caption: 'Loading bay' },
        { ContentDocumentId: '069000000000002AAA', LocalId: 'l2', Name: 'exit.jpg' },
        { ContentDocumentId: '069000000000003AAA', LocalId: 'l3', Name: 'exit-full.jpg', Original: true },
      ],
      Signatures: [{ Purpose: 'Inspector', SignatureBase64: PNG_PIXEL }],
      Readings: Array.from({ length: 80 }, (_, i) => ({
        Point: `P${i + 1}`,
        Value: i * 1.5,
        Ok: i % 2 === 0,
      })),
    },
    Checklist: { q1: 'Fail', q2: 'Check', q3: 'Pass' },
  },
};
