// The one-way import rules of ARCHITECTURE §1, checked on every import, re-export and literal
// dynamic import. Specifiers are resolved the way Vite and TypeScript resolve them here:
// relative paths and the package.json "imports" aliases (#protocol, #api, #pwa).
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
const aliases = Object.entries(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).imports)
  .map(([from, to]) => [from.replace(/\*$/, ''), path.join(root, to.replace(/\*$/, ''))]);

const nodeBuiltins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const isTestFile = (file) => /\.(test|spec)\.(ts|tsx)$/.test(file) || file.includes(`${path.sep}test${path.sep}`);

/** Resolves a specifier to an absolute path inside the repo, or null for a package. */
function resolveSpecifier(spec, fromFile) {
  if (spec.startsWith('.')) return path.resolve(path.dirname(fromFile), spec);
  for (const [prefix, target] of aliases) if (spec.startsWith(prefix)) return path.join(target, spec.slice(prefix.length));
  return null;
}

/**
 * The heuristic readers of pasted plans and what structures a plan with them (ADR 024): plans are
 * read where they are written, by the admin's form and the server; clients get them structured.
 */
const PLAN_READERS = new Set(['diet-plan.ts', 'workout-schedule.ts', 'plan-content.ts'].map((file) => `sync-protocol/domain/${file}`));

const packageName = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
const rel = (abs) => path.relative(root, abs).split(path.sep).join('/');

/**
 * Returns the reason an import is forbidden, or null when it is allowed.
 * `typeOnly` imports from api/ (the app's type for `hono/client`) are allowed in pwa/; nothing from its services.
 */
export function checkImport(fromFile, spec, typeOnly) {
  const from = rel(fromFile);
  const target = resolveSpecifier(spec, fromFile);
  const to = target ? rel(target) : null;
  const pkg = target ? null : packageName(spec);
  const test = isTestFile(fromFile);

  if (from.startsWith('sync-protocol/')) {
    if (to !== null) return to.startsWith('sync-protocol/') ? null : 'sync-protocol/ imports only itself and yup';
    const allowed = test ? ['yup', 'vitest', 'fast-check'] : ['yup'];
    return allowed.includes(pkg) ? null : `sync-protocol/ is pure: it may not import "${spec}"`;
  }
  if (from.startsWith('api/')) {
    if (to?.startsWith('pwa/')) return 'api/ may never import pwa/';
    if (pkg && ['react', 'react-dom', 'dexie', '@mui/material', 'react-intl'].includes(pkg)) return `api/ may not import the browser package "${spec}"`;
    // Services and what they use speak the domain; only routes, middleware and the app know HTTP.
    if (/^api\/src\/(services|ai|auth|payments|db|mail|live|storage)\//.test(from) && to && /^api\/src\/(http|routes)\//.test(to)) {
      return 'the domain (services, ai, auth, payments, db, mail, live, storage) may not import http/ or routes/: throw DomainError, take AppDeps from deps.ts';
    }
    return null;
  }
  if (from.startsWith('pwa/')) {
    // A PWA test may drive the real server through api/test's harness (the sync engine's tests).
    // Wire types come from sync-protocol/contract; the services' own types stay on the server.
    if (to?.startsWith('api/src/services/')) return 'pwa/ may not import api/src/services/: wire types live in sync-protocol/contract/';
    if (to?.startsWith('api/')) return typeOnly || (test && to.startsWith('api/test/')) ? null : 'pwa/ may only `import type` from api/';
    if (to?.startsWith('e2e/')) return 'pwa/ may not import e2e/';
    // Hono's client is the one part of it made for the browser: it calls the API with the app's type.
    if (pkg && !test && spec !== 'hono/client' && (nodeBuiltins.has(spec) || ['hono', 'better-sqlite3', 'drizzle-orm', 'openai', 'argon2'].includes(pkg))) {
      return typeOnly ? null : `pwa/ runs in the browser: it may not import "${spec}"`;
    }
    if (/^pwa\/src\/(components|lib|i18n|db|sync)\//.test(from) && to && /^pwa\/src\/(features|app)\//.test(to)) {
      return 'shared code (components, lib, i18n, db, sync) may not import features/ or app/';
    }
    // Every phone would otherwise download the readers' patterns in three languages (issue 46).
    if (PLAN_READERS.has(to) && !typeOnly && !test && !from.startsWith('pwa/src/features/admin/')) {
      return 'only the admin\'s form reads pasted plans; a client shows them structured (sync-protocol/domain/diet-plan-display.ts)';
    }
    const feature = from.match(/^pwa\/src\/features\/([^/]+)\//)?.[1];
    if (feature && to) {
      if (to.startsWith('pwa/src/app/')) return 'a feature may not import app/ (app composes features, not the reverse)';
      const other = to.match(/^pwa\/src\/features\/([^/]+)(\/|$)/)?.[1];
      if (other && other !== feature) return `feature "${feature}" may not import feature "${other}"`;
    }
    return null;
  }
  return null;
}

const isTypeOnly = (node) =>
  node.importKind === 'type' || node.exportKind === 'type' ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

export const layerImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the one-way layer imports of ARCHITECTURE §1' },
    schema: [],
    messages: { forbidden: '{{reason}} (import "{{spec}}")' },
  },
  create(context) {
    const file = context.filename;
    const check = (node, source, typeOnly) => {
      if (!source || typeof source.value !== 'string') return;
      const reason = checkImport(file, source.value, typeOnly);
      if (reason) context.report({ node: source, messageId: 'forbidden', data: { reason, spec: source.value } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
      ExportNamedDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null, false),
    };
  },
};

export default { rules: { 'layer-imports': layerImports } };
