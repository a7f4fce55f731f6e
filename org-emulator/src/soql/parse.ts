// Parsing is soql-parser-js's job; this maps its failures to Salesforce's MALFORMED_QUERY and locates tokens for messages.
import soqlParser from 'soql-parser-js';
import type { Query } from 'soql-parser-js';
import { SfError } from '../errors.js';

export function parseSoql(soql: string): Query {
  if (typeof soql !== 'string' || soql.trim() === '') {
    throw new SfError(400, 'MALFORMED_QUERY', 'unexpected token: <EOF>');
  }
  let q: Query;
  try {
    // No options object: passing one makes soql-parser-js rebuild its parser on every call (~60 ms).
    q = soqlParser.parseQuery(soql);
  } catch (e) {
    const text = e instanceof Error ? e.message : '';
    const found = /but found: '([^']*)'/.exec(text)?.[1];
    const token = found === undefined || found === '' ? '<EOF>' : found;
    const message = `unexpected token: ${token === '<EOF>' ? token : `'${token}'`}`;
    throw new SfError(
      400,
      'MALFORMED_QUERY',
      token === '<EOF>'
        ? `\n${soql}\n^\nERROR at Row:1:Column:${soql.length + 1}\n${message}`
        : located(soql, token, message),
    );
  }
  if (!q.sObject) throw new SfError(400, 'MALFORMED_QUERY', 'unexpected token: FROM');
  return q;
}

/** Salesforce prefixes query errors with the statement, a caret and the row/column of the offending token. */
export function located(soql: string, token: string, message: string): string {
  const lower = soql.toLowerCase();
  const escaped = token.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`(^|[^a-z0-9_.])(${escaped})(?![a-z0-9_])`).exec(lower);
  const index = m ? m.index + (m[1]?.length ?? 0) : 0;
  const before = soql.slice(0, index);
  const row = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const col = index - lineStart + 1;
  const line = soql.split('\n')[row - 1] ?? soql;
  return `\n${line}\n${' '.repeat(col - 1)}^\nERROR at Row:${row}:Column:${col}\n${message}`;
}

export const noSuchColumn = (field: string, entity: string): string =>
  `No such column '${field}' on entity '${entity}'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.`;

export const badRelationship = (rel: string): string =>
  `Didn't understand relationship '${rel}' in field path. If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names.`;

export const badChildRelationship = (rel: string): string =>
  `Didn't understand relationship '${rel}' in FROM part of query call. If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names.`;

export const unsupportedType = (name: string): string =>
  `sObject type '${name}' is not supported. If you are attempting to use a custom object, be sure to append the '__c' after the entity name. Please reference your WSDL or the describe call for the appropriate names.`;
