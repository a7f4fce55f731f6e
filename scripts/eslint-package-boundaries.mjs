// ESLint rule `boundaries/no-cross-package-path`: a package never reaches into another package's files
// by a relative path (`../../e2e/support/x`); it imports the other package through its declared entry
// points (`test-kit/system`) or, between remotes, through Module Federation.
// The packages are the workspace's top-level folders (pnpm-workspace.yaml); `scripts/` is the
// repository's commands, not a package.
import path from 'node:path';
import { root, workspacePackages } from './lib.mjs';

const packages = new Set(workspacePackages());

/** The workspace package a file or folder path lies in, or null. */
const packageOf = (file) => {
  const rel = path.relative(root, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const top = rel.split(path.sep)[0];
  return packages.has(top) ? top : null;
};

const noCrossPackagePath = {
  meta: {
    type: 'problem',
    docs: { description: "disallow importing another workspace package's files by relative path" },
    messages: {
      cross:
        "'{{source}}' reaches into {{target}} from {{own}}: import it through {{target}}'s package.json exports (or Module Federation between remotes).",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = packageOf(file);
    if (!own) return {};
    const check = (node) => {
      const source = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null;
      if (!source || !source.startsWith('.')) return;
      const target = packageOf(path.resolve(path.dirname(file), source));
      if (target && target !== own)
        context.report({ node, messageId: 'cross', data: { source, own, target } });
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
    };
  },
};

export const packageBoundaries = { rules: { 'no-cross-package-path': noCrossPackagePath } };
