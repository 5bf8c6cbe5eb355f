import path from 'node:path';

/**
 * Which features of the web app each feature may import from (bulletproof-react's "unidirectional
 * codebase"): anything else goes through `src/components`, `src/lib` or `src/config`, or moves
 * into the feature that needs it. Tests may import across features. The pairs that import each
 * other (teams ↔ calendar, teams ↔ matches, players ↔ invitations, orgs ↔ seasons) are the ones
 * to untangle first; a new edge is a decision, made here.
 */
export const ALLOWED_FEATURE_IMPORTS = {
  admin: ['auth', 'matches', 'media', 'orgs', 'seasons'],
  auth: ['notifications', 'rewards'],
  calendar: ['auth', 'players', 'teams'],
  chat: ['auth', 'media', 'teams'],
  consent: ['media'],
  dashboard: ['auth', 'calendar', 'matches', 'teams'],
  invitations: ['auth', 'consent', 'players'],
  livestreams: ['auth', 'teams'],
  matches: ['auth', 'teams'],
  media: ['auth', 'teams', 'consent', 'players'],
  more: ['auth', 'teams'],
  notifications: [],
  orgs: ['auth', 'matches', 'seasons', 'teams', 'consent'],
  players: ['auth', 'invitations', 'consent'],
  recap: ['matches'],
  rewards: [],
  seasons: ['auth', 'orgs', 'teams'],
  settings: ['auth', 'notifications'],
  sports: [],
  teams: ['auth', 'calendar', 'consent', 'invitations', 'matches', 'notifications', 'players'],
};

const featureOf = (file) => {
  const match = /[\\/]web[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(file);
  return match ? match[1] : null;
};

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'A web feature imports only the features its entry in ALLOWED_FEATURE_IMPORTS lists' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = featureOf(file);
    if (!from || /__tests__|\.test\.tsx?$/.test(file)) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = featureOf(path.resolve(path.dirname(file), source) + path.sep);
      if (!to || to === from) return;
      if ((ALLOWED_FEATURE_IMPORTS[from] ?? []).includes(to)) return;
      context.report({
        node,
        message: `The ${from} feature may not import from the ${to} feature (web/eslint/feature-boundaries.js lists what each feature may import).`,
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export const featureBoundaries = { rules: { 'feature-boundaries': rule } };
