import zlib from 'node:zlib';

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

/** A store-only (no compression) zip of the files. */
export function zip(files: { path: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.path);
    const crc = zlib.crc32(f.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(f.data.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, f.data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(f.data.length, 20);
    central.writeUInt32LE(f.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + f.data.length;
  }
  const centralSize = centrals.reduce((s, b) => s + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
