// soql-parser-js keeps WHERE as a right-leaning chain with paren counts, so `(A OR B) AND C` comes back shaped
// like `A OR (B AND C)`. We flatten it to tokens and re-parse with SOQL precedence: NOT > AND > OR.
import type { ConditionWithValueQuery, WhereClause } from 'soql-parser-js';
import { SfError } from '../errors.js';

export type Expr =
  | { kind: 'and' | 'or'; items: Expr[] }
  | { kind: 'not'; item: Expr }
  | { kind: 'cond'; cond: ConditionWithValueQuery };

type Tok = '(' | ')' | 'AND' | 'OR' | 'NOT' | { cond: ConditionWithValueQuery };

const isCondition = (x: unknown): x is ConditionWithValueQuery =>
  typeof x === 'object' && x !== null && ('field' in x || 'fn' in x);

function flatten(where: WhereClause): Tok[] {
  const out: Tok[] = [];
  let node: WhereClause | undefined = where;
  let guard = 0;
  while (node && guard++ < 100_000) {
    const left: unknown = node.left;
    if (isCondition(left)) {
      for (let i = 0; i < (left.openParen ?? 0); i++) out.push('(');
      out.push({ cond: left });
      const close = 'closeParen' in left ? Number(left.closeParen ?? 0) : 0;
      for (let i = 0; i < close; i++) out.push(')');
      const op = 'operator' in node ? node.operator : undefined;
      if (op === 'AND' || op === 'OR') out.push(op);
    } else {
      const open =
        typeof left === 'object' && left !== null && 'openParen' in left ? Number(left.openParen) : 0;
      for (let i = 0; i < open; i++) out.push('(');
      out.push('NOT');
    }
    node = 'right' in node ? node.right : undefined;
  }
  return out;
}

const malformed = (): SfError => new SfError(400, 'MALFORMED_QUERY', 'unexpected token in WHERE clause');

export function buildWhere(where: WhereClause): Expr {
  const toks = flatten(where);
  let i = 0;
  const parseOr = (): Expr => {
    const items = [parseAnd()];
    while (toks[i] === 'OR') {
      i++;
      items.push(parseAnd());
    }
    return items.length === 1 ? (items[0] as Expr) : { kind: 'or', items };
  };
  const parseAnd = (): Expr => {
    const items = [parseNot()];
    while (toks[i] === 'AND') {
      i++;
      items.push(parseNot());
    }
    return items.length === 1 ? (items[0] as Expr) : { kind: 'and', items };
  };
  const parseNot = (): Expr => {
    if (toks[i] === 'NOT') {
      i++;
      return { kind: 'not', item: parseNot() };
    }
    const t = toks[i];
    if (t === '(') {
      i++;
      const e = parseOr();
      if (toks[i] !== ')') throw malformed();
      i++;
      return e;
    }
    if (typeof t === 'object') {
      i++;
      return { kind: 'cond', cond: t.cond };
    }
    throw malformed();
  };
  const expr = parseOr();
  if (i !== toks.length) throw malformed();
  return expr;
}
