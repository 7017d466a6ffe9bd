import type { Plugin } from 'vite';
import path from 'node:path';

// yup and the client schemas: needed by registration, the profile and the sync engine, not by
// the MUI parts of `shared` that the language menu loads alone.
const VALIDATION = /node_modules\/(yup|property-expr|tiny-case|toposort)\/|sync-protocol\/(schemas|domain\/client-enums)/;

// The forms' code, loaded by the screens that have one (never by /login nor the dashboard), in two
// files rather than six: the sign-up pages load `forms` with the screen and `schema-check` once
// the form is being filled in (lib/lazy-schema-errors.ts), the other forms both with the screen.
// - `forms`: formik, the packages only it uses, the reading of the server's field errors, and the
//   loading of a form's check when it is first used.
// - `schema-check`: yup and what turns its errors into a form's (the schemas stay with their screens).
const FORMS = /node_modules\/(formik|lodash-es|deepmerge|react-fast-compare|tiny-warning)\/|pwa\/src\/lib\/(form-errors|lazy-schema-errors)\.ts$/;
const SCHEMA_CHECK = /node_modules\/(yup|property-expr|tiny-case|toposort)\/|sync-protocol\/schemas\/fields\.ts$|pwa\/src\/lib\/schema-errors\.ts$/;

/**
 * Fewer, larger chunks on the two paths the budgets measure (a file compresses better whole, and
 * each one is a request): rolldown otherwise splits every module shared by the entry and a lazy
 * screen into its own chunk, 20 files for /login and 18 more for /dashboard.
 * - `boot`: the entry, boot.ts, and what it imports: a few small modules.
 * - `emotion` and `styling`: emotion (and React, which it imports), then the theme (app/theme.ts)
 *   and the rest of what it imports, MUI's styling engine. boot.ts runs them one after the other
 *   before the rest of the app's code: a phone evaluates a chunk in one task, and the parts are
 *   shorter tasks than the whole (ADR 026).
 * - `libraries`, `ui-libraries` and `app`: the rest of what main.tsx imports statically, i.e.
 *   what every visit loads anyway: React and its DOM renderer, the other packages (MUI's
 *   components, the router, react-intl) and the app's own modules, again run one after the other
 *   by boot.ts (which imports main.tsx once the page has painted; pages that need the app to
 *   paint preload it).
 * - `signed-in`: what the shell, the dashboard and the sync engine (with Dexie) import, less what
 *   a module loaded lazily while signed out (registration, the language menu) imports too: the
 *   logged-out path never loads it. The other signed-in screens render inside the shell, which
 *   has loaded it already.
 * - `shared` and `validation`: the rest of the shell's and dashboard's imports, which a signed-out
 *   lazy module imports too (text field, dialogs; yup): Dexie and the sync engine are in neither.
 * A module's imports are always in its own group or in one its chunk imports (signed-in →
 * shared, validation → app), so capturing the sets exactly (no dependencies added) cannot create
 * a cycle between chunks. A lazy module not listed below counts as signed out, the safe side,
 * unless only a listed one (or its imports) loads it.
 * The sets come from the module graph once it is complete (buildEnd); the chunking reads them.
 */
const isPreloadHelper = (id: string) => id.includes('vite/preload-helper');
/** React, its DOM renderer and its scheduler: the `libraries` chunk. */
const REACT = /node_modules\/(react|react-dom|scheduler)\//;

export function chunkGroups(root: string) {
  let boot = new Set<string>();
  let emotion = new Set<string>();
  let styling = new Set<string>();
  let app = new Set<string>();
  let signedIn = new Set<string>();
  let shared = new Set<string>();
  const src = (file: string) => path.join(root, 'pwa/src', file);
  const main = src('main.tsx');
  const libraries = src('libraries.ts');
  const uiLibraries = src('ui-libraries.ts');
  const emotionLibraries = src('emotion-libraries.ts');
  const signedInRoots = ['app/SignedInRoutes.tsx', 'app/shell/AppShell.tsx', 'features/dashboard/DashboardScreen.tsx', 'features/tracking/DailyTrackingCard.tsx', 'features/tracking/WeightRecordDialog.tsx', 'features/measurements/LogMeasurementsButton.tsx', 'sync/user-data.ts'].map(src);
  const shellScreens = [
    'features/progress/ProgressScreen.tsx',
    'features/measurements/MeasurementsCard.tsx',
    'features/measurements/NewMeasurementDialog.tsx',
    'features/photos/PhotosCard.tsx',
    'features/photos/AddPhotoButton.tsx',
    'features/photos/AddPhotoDialog.tsx',
    'features/photos/PhotoViewerDialog.tsx',
    'features/photos/ComparePhotosDialog.tsx',
    'features/subscription/PlanUpgradeScreen.tsx',
    'features/subscription/MySubscriptionScreen.tsx',
    'features/content/ContentScreen.tsx',
    'features/content/DietScreen.tsx',
    'features/workout/WorkoutScreen.tsx',
    'features/content/InPageViews.tsx',
    'features/profile/ProfileScreen.tsx',
    'features/settings/SettingsScreen.tsx',
    'features/messages/MessagesScreen.tsx',
    'features/check-ins/CheckInCard.tsx',
    'features/check-ins/CheckInDialog.tsx',
    'features/admin/CoachThreadCard.tsx',
    'features/admin/CheckInReviewDialog.tsx',
    'features/admin/AttentionSection.tsx',
    'features/admin/AdminScreen.tsx',
    'features/teacher/TeacherDashboardScreen.tsx',
    'features/teacher/ReferralTab.tsx',
    'features/admin/PlanFormDialog.tsx',
    'app/NotFoundScreen.tsx',
    'app/shell/NotificationsMenu.tsx',
    'app/shell/RefusalSnackbar.tsx',
  ].map(src);
  const plugin: Plugin = {
    name: 'leve:chunk-groups',
    apply: 'build',
    buildEnd() {
      const reach = (roots: Iterable<string>) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
        };
        for (const id of roots) visit(id);
        return seen;
      };
      boot = reach([src('boot.ts')]);
      emotion = new Set([...reach([emotionLibraries])].filter((id) => !boot.has(id) && !isPreloadHelper(id)));
      styling = new Set([...reach([src('app/theme.ts')])].filter((id) => !boot.has(id) && !emotion.has(id) && !isPreloadHelper(id)));
      app = new Set([...reach([main])].filter((id) => !boot.has(id) && !emotion.has(id) && !styling.has(id) && !isPreloadHelper(id)));
      const signedInParts = new Set([...signedInRoots, ...shellScreens]);
      const lazy = new Set<string>();
      for (const id of this.getModuleIds()) for (const next of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) lazy.add(next);
      for (const id of signedInParts) {
        if (!lazy.has(id)) this.warn(`chunk groups: ${path.relative(root, id)} is no longer loaded lazily; update the lists in scripts/vite/chunk-groups.ts`);
      }
      // The lazy modules a signed-out visit can load: those reached from the entry through static
      // and lazy imports without passing through a signed-in part. One that only a signed-in part
      // loads (the admin panel's user detail, a dialog of a dashboard card) is signed in too:
      // counted as signed out, it drew Dexie and the sync engine into `shared`, which /cadastro loads.
      const signedOutLazy = new Set<string>();
      const walked = new Set<string>();
      const pending = [src('boot.ts')];
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (walked.has(id) || signedInParts.has(id)) continue;
        walked.add(id);
        const info = this.getModuleInfo(id);
        pending.push(...(info?.importedIds ?? []));
        for (const next of info?.dynamicallyImportedIds ?? []) {
          if (!signedInParts.has(next)) signedOutLazy.add(next);
          pending.push(next);
        }
      }
      signedOutLazy.delete(main);
      // What the entry uses is taken by `app` first (priority), so it need not be left out here.
      const signedOut = reach(signedOutLazy);
      signedIn = new Set();
      shared = new Set();
      for (const id of reach(signedInRoots)) (signedOut.has(id) ? shared : signedIn).add(id);
    },
  };
  const groups = [
    // What boot.ts imports (and Vite's helper for lazy imports, which it uses): in `app`, the
    // entry would load and run all of the app's code before the page paints.
    { name: 'boot', test: (id: string) => boot.has(id) || isPreloadHelper(id), includeDependenciesRecursively: false, priority: 6 },
    { name: 'emotion', test: (id: string) => emotion.has(id), includeDependenciesRecursively: false, priority: 5 },
    { name: 'styling', test: (id: string) => styling.has(id), includeDependenciesRecursively: false, priority: 5 },
    { name: 'libraries', test: (id: string) => (app.has(id) && REACT.test(id)) || id === libraries, includeDependenciesRecursively: false, priority: 4 },
    { name: 'ui-libraries', test: (id: string) => (app.has(id) && id.includes('/node_modules/')) || id === uiLibraries, includeDependenciesRecursively: false, priority: 4 },
    { name: 'app', test: (id: string) => app.has(id), includeDependenciesRecursively: false, priority: 4 },
    { name: 'validation', test: (id: string) => shared.has(id) && VALIDATION.test(id), includeDependenciesRecursively: false, priority: 3 },
    { name: 'shared', test: (id: string) => shared.has(id), includeDependenciesRecursively: false, priority: 2 },
    { name: 'signed-in', test: (id: string) => signedIn.has(id), includeDependenciesRecursively: false, priority: 1 },
    // Last: a module one of the groups above takes stays there.
    { name: 'forms', test: (id: string) => FORMS.test(id), includeDependenciesRecursively: false, priority: 0 },
    { name: 'schema-check', test: (id: string) => SCHEMA_CHECK.test(id), includeDependenciesRecursively: false, priority: 0 },
  ];
  return { plugin, groups };
}
