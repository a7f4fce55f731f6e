import { zipSync } from 'fflate';

/** The templates the publisher generates Lightning web components from. */
export const TEMPLATES = [
  {
    name: 'cqFormTemplate',
    label: 'CQ Form',
    category: 'form',
    description: 'A record-page component that renders the form definition and saves submissions.',
  },
  {
    name: 'cqChecklistTemplate',
    label: 'CQ Checklist',
    category: 'checklist',
    description: 'A checklist component for safety inspections with controlled-document questions.',
  },
] as const;

export const DEFAULT_BASE_CLASS = {
  name: 'cqFormBase',
  apiVersion: '62.0',
  description: 'Base class every generated CQ form component extends.',
  imports: ['lightning/uiRecordApi'],
  properties: ['recordId', 'objectApiName', 'formDefinition'],
};

export interface BundleFile {
  path: string;
  format: 'js' | 'html' | 'xml' | 'json';
  source: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The files of a generated component (the payload travels as a JSON resource). */
export function generateBundle(
  componentName: string,
  template: string,
  label: string,
  payload: unknown,
): BundleFile[] {
  const cls = componentName.charAt(0).toUpperCase() + componentName.slice(1);
  const base = `lwc/${componentName}/${componentName}`;
  return [
    {
      path: `${base}.js`,
      format: 'js',
      source: `import { LightningElement, api } from 'lwc';\nimport definition from './${componentName}.json';\n\n// Generated from template ${template}.\nexport default class ${cls} extends LightningElement {\n  @api recordId;\n  @api objectApiName;\n  definition = definition;\n}\n`,
    },
    {
      path: `${base}.html`,
      format: 'html',
      source: `<template>\n  <lightning-card title="${esc(label)}"></lightning-card>\n</template>\n`,
    },
    {
      path: `${base}.js-meta.xml`,
      format: 'xml',
      source: `<?xml version="1.0" encoding="UTF-8"?>\n<LightningComponentBundle xmlns="http://soap.sforce.com/2006/04/metadata">\n  <apiVersion>62.0</apiVersion>\n  <isExposed>true</isExposed>\n  <masterLabel>${esc(label)}</masterLabel>\n  <targets><target>lightning__RecordPage</target></targets>\n</LightningComponentBundle>\n`,
    },
    { path: `${base}.json`, format: 'json', source: JSON.stringify(payload ?? {}, null, 2) },
  ];
}

/** The files as one zip archive (src.zip), deflated. */
export function zip(files: { path: string; data: Buffer }[]): Buffer {
  return Buffer.from(zipSync(Object.fromEntries(files.map((f) => [f.path, new Uint8Array(f.data)]))));
}
