import { XMLBuilder } from 'fast-xml-parser';
import { zipSync } from 'fflate';

/** The templates the publisher generates Lightning web components from, with what each one generates. */
export const TEMPLATES = [
  {
    name: 'cqFormTemplate',
    label: 'Form on a record page',
    category: 'form',
    description:
      'A Lightning web component that renders the form inside the org: record fields through lightning-record-edit-form, the form’s own questions saved as a form submission; optionally a quick action (Create or Edit) and a flow after save.',
    generates: ['<name>.js', '<name>.html', '<name>.css', '<name>.js-meta.xml', 'formDefinition.js'],
    targets: ['lightning__RecordPage', 'lightning__AppPage', 'lightning__RecordAction'],
  },
  {
    name: 'cqLauncherTemplate',
    label: 'Launch button',
    category: 'launcher',
    description:
      'A Lightning web component with one button that launches the form in the CQ app (through a Visualforce page hosting the canvas app, or the app’s launcher URL) for the record it sits on.',
    generates: ['<name>.js', '<name>.html', '<name>.js-meta.xml', 'formDefinition.js'],
    targets: ['lightning__RecordPage', 'lightning__AppPage', 'lightning__HomePage'],
  },
] as const;
export type TemplateName = (typeof TEMPLATES)[number]['name'];

export const findTemplate = (name: string) => TEMPLATES.find((t) => t.name === name);

/**
 * The base class every generated component extends (`import CqFormBase from 'c/cqFormBase'`): it holds
 * what all templates share (reading the generated definition, saving the form's questions, navigation to
 * a flow). It is deployed with a component when the target org does not have it yet.
 */
export const DEFAULT_BASE_CLASS = {
  name: 'cqFormBase',
  apiVersion: '62.0',
  description: 'Base class every generated CQ form component extends.',
  isExposed: false,
  imports: ['lwc', 'lightning/uiRecordApi'],
  properties: ['recordId', 'objectApiName'],
  methods: ['handleAnswer', 'saveAnswers', 'flowPageReference', 'launchPageReference'],
};

export interface BundleFile {
  /** Path inside the package: lwc/<bundle>/<file>. */
  path: string;
  format: 'js' | 'html' | 'xml' | 'css' | 'json';
  source: string;
}

const xmlBuilder = new XMLBuilder({ format: true, indentBy: '    ', ignoreAttributes: false });

/** An XML document (declaration + root) from a plain object, escaped by fast-xml-parser. */
export function toXml(root: string, body: Record<string, unknown>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xmlBuilder.build({
    [root]: { '@_xmlns': 'http://soap.sforce.com/2006/04/metadata', ...body },
  })}`;
}

/** package.xml naming every bundle of a deploy. */
export function packageXml(bundles: string[], apiVersion: string): string {
  return toXml('Package', {
    types: { members: [...bundles].sort(), name: 'LightningComponentBundle' },
    version: apiVersion,
  });
}

/** The files as one zip archive (src.zip / the deploy package), deflated. */
export function zip(files: { path: string; data: Buffer | string }[]): Buffer {
  return Buffer.from(
    zipSync(
      Object.fromEntries(
        files.map((f) => [f.path, new Uint8Array(typeof f.data === 'string' ? Buffer.from(f.data) : f.data)]),
      ),
    ),
  );
}
