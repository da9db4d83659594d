import path from 'node:path';

/**
 * The layout's import boundaries (STYLE.md "one folder per feature"), checked on resolved paths
 * because relative specifiers cannot say which folder they reach:
 * - a web feature never imports another one (each admin section, features/admin/<section>, is a
 *   feature of its own); shared pieces live in src/components/ or src/lib/;
 * - only the SDK adapter (apps/web/src/sdk/) imports @frontegg/*, so an SDK upgrade changes one folder;
 * - server routes (routes/, and the sign-in methods' *routes.ts under auth/) never reach the database
 *   modules directly: they call services.
 *
 * Option (repository-relative files): `stepMaps`, files that compose other features' screens by flow
 * step and so may import them.
 */
const rule = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          stepMaps: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      crossFeature:
        "'{{from}}' may not import from the feature '{{to}}': move the shared piece to src/components/ or src/lib/.",
      sdkOnly: 'Only apps/web/src/sdk/ imports @frontegg/*: expose what is needed from the SDK adapter.',
      routeToDb: 'Server routes do not import apps/identity/src/db/: call a service instead.',
    },
  },
  create(context) {
    const root = context.cwd;
    const file = toPosix(path.relative(root, context.filename));
    const fromFeature = (context.options[0]?.stepMaps ?? []).includes(file) ? null : featureOf(file);
    const isWeb = file.startsWith('apps/web/');
    const inSdk = file.startsWith('apps/web/src/sdk/');
    const isRoute =
      file.startsWith('apps/identity/src/routes/') || /^apps\/identity\/src\/auth\/.*routes\.ts$/.test(file);

    const check = (node, source) => {
      if (typeof source !== 'string') return;
      if (isWeb && !inSdk && (source === '@frontegg' || source.startsWith('@frontegg/'))) {
        context.report({ node, messageId: 'sdkOnly' });
        return;
      }
      if (!source.startsWith('.')) return;
      const target = toPosix(path.relative(root, path.resolve(path.dirname(context.filename), source)));
      const toFeature = featureOf(target);
      if (fromFeature && toFeature && fromFeature !== toFeature) {
        context.report({ node, messageId: 'crossFeature', data: { from: fromFeature, to: toFeature } });
      }
      if (isRoute && target.startsWith('apps/identity/src/db/')) {
        context.report({ node, messageId: 'routeToDb' });
      }
    };

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

/** 'login', 'admin/users', ... for a web feature's file or folder; null elsewhere. */
function featureOf(file) {
  const match = /^apps\/web\/src\/features\/(admin\/[^/]+|[^/]+)/.exec(file);
  if (!match || match[1] === 'admin') return null;
  return match[1];
}

function toPosix(file) {
  return file.split(path.sep).join('/');
}

export default { rules: { 'import-boundaries': rule } };
