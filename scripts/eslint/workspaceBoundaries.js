// @ts-check
import { dirname, relative, resolve, sep } from 'node:path';

/** The workspace a file belongs to: `packages/<name>` or `apps/<name>`, or null outside them. */
function workspaceOf(path, root) {
  const [group, name] = relative(root, path).split(sep);
  return (group === 'packages' || group === 'apps') && name ? `${group}/${name}` : null;
}

/**
 * `boundaries/no-relative-packages`: a relative import may not leave its workspace. Another workspace is
 * reached by its package name, so the one-way rule of the layers (no-restricted-imports) sees every crossing.
 * @type {import('eslint').Rule.RuleModule}
 */
const noRelativePackages = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid relative imports that reach into another workspace package' },
    messages: {
      crossing:
        "'{{source}}' reaches from {{from}} into {{to}}: import it by its package name (@pre-admission/...).",
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const from = workspaceOf(file, root);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = workspaceOf(resolve(dirname(file), source), root);
      if (from !== to) {
        context.report({
          node: node.source,
          messageId: 'crossing',
          data: { source, from: from ?? 'the root', to: to ?? 'the root' },
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'no-relative-packages': noRelativePackages } };
