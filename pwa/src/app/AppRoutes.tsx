import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { Role } from '#protocol/domain/client-enums.ts';
import { FullPageSpinner } from '#pwa/components/FullPageSpinner.tsx';
import { HydrationEnd } from '#pwa/lib/hydration.ts';
import { useSession } from '#pwa/lib/session.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { LoginScreen } from '../features/auth/LoginScreen.tsx';

// Signed-in code is split from the logged-out path: /login never downloads the shell.
const AppShell = lazy(() => import('./shell/AppShell.tsx').then((m) => ({ default: m.AppShell })));
const DashboardScreen = lazy(() => import('../features/dashboard/DashboardScreen.tsx').then((m) => ({ default: m.DashboardScreen })));
const RegistrationScreen = lazy(() => import('../features/registration/RegistrationScreen.tsx').then((m) => ({ default: m.RegistrationScreen })));
const TeacherRegistrationScreen = lazy(() =>
  import('../features/teacher/TeacherRegistrationScreen.tsx').then((m) => ({ default: m.TeacherRegistrationScreen })),
);
const DailyTrackingCard = lazy(() => import('../features/tracking/DailyTrackingCard.tsx').then((m) => ({ default: m.DailyTrackingCard })));
const RecordWeightButton = lazy(() => import('../features/tracking/WeightRecordDialog.tsx').then((m) => ({ default: m.RecordWeightButton })));
const LogMeasurementsButton = lazy(() => import('../features/measurements/LogMeasurementsButton.tsx').then((m) => ({ default: m.LogMeasurementsButton })));
const AddPhotoButton = lazy(() => import('../features/photos/AddPhotoButton.tsx').then((m) => ({ default: m.AddPhotoButton })));
const CheckInCard = lazy(() => import('../features/check-ins/CheckInCard.tsx').then((m) => ({ default: m.CheckInCard })));
const MeasurementsCard = lazy(() => import('../features/measurements/MeasurementsCard.tsx').then((m) => ({ default: m.MeasurementsCard })));
const PhotosCard = lazy(() => import('../features/photos/PhotosCard.tsx').then((m) => ({ default: m.PhotosCard })));
const ProgressScreen = lazy(() => import('../features/progress/ProgressScreen.tsx').then((m) => ({ default: m.ProgressScreen })));
const PlanUpgradeScreen = lazy(() => import('../features/subscription/PlanUpgradeScreen.tsx').then((m) => ({ default: m.PlanUpgradeScreen })));
const MySubscriptionScreen = lazy(() => import('../features/subscription/MySubscriptionScreen.tsx').then((m) => ({ default: m.MySubscriptionScreen })));
const ContentScreen = lazy(() => import('../features/content/ContentScreen.tsx').then((m) => ({ default: m.ContentScreen })));
const DietScreen = lazy(() => import('../features/content/DietScreen.tsx').then((m) => ({ default: m.DietScreen })));
const WorkoutScreen = lazy(() => import('../features/content/WorkoutScreen.tsx').then((m) => ({ default: m.WorkoutScreen })));
const MyDietView = lazy(() => import('../features/content/InPageViews.tsx').then((m) => ({ default: m.MyDietView })));
const MyWorkoutView = lazy(() => import('../features/content/InPageViews.tsx').then((m) => ({ default: m.MyWorkoutView })));
const ProfileScreen = lazy(() => import('../features/profile/ProfileScreen.tsx').then((m) => ({ default: m.ProfileScreen })));
const MessagesScreen = lazy(() => import('../features/messages/MessagesScreen.tsx').then((m) => ({ default: m.MessagesScreen })));
const SettingsScreen = lazy(() => import('../features/settings/SettingsScreen.tsx').then((m) => ({ default: m.SettingsScreen })));
// Staff only: clients never download the admin panel's code.
const AdminScreen = lazy(() => import('../features/admin/AdminScreen.tsx').then((m) => ({ default: m.AdminScreen })));
const TeacherDashboardScreen = lazy(() => import('../features/teacher/TeacherDashboardScreen.tsx').then((m) => ({ default: m.TeacherDashboardScreen })));
// Password reset (ADR 017): rare pages, kept out of the /login chunk.
const ForgotPasswordScreen = lazy(() => import('../features/auth/ForgotPasswordScreen.tsx').then((m) => ({ default: m.ForgotPasswordScreen })));
const ResetPasswordScreen = lazy(() => import('../features/auth/ResetPasswordScreen.tsx').then((m) => ({ default: m.ResetPasswordScreen })));
const NotFoundScreen = lazy(() => import('./NotFoundScreen.tsx').then((m) => ({ default: m.NotFoundScreen })));

/** Sends someone without the role back to the dashboard, saying why (SPEC §2 teacher dashboard). */
function RoleRedirect({ messageId }: { messageId: string }) {
  useEffect(() => {
    showToast({ severity: 'warning', title: { id: messageId } });
  }, [messageId]);
  return <Navigate to="/dashboard" replace />;
}

function RequireRole({ roles, deniedId, children }: { roles: Role[]; deniedId: string; children: React.ReactNode }) {
  const role = useSession((s) => s.client?.role);
  return role && roles.includes(role) ? children : <RoleRedirect messageId={deniedId} />;
}

/** A teacher's link (`/?ref=CODE`) leads to registration; any other logged-out path to /login. */
function LoggedOutLanding() {
  const { search } = useLocation();
  // Just signed in (a registration that went on to its own screen): the signed-in routes, a
  // deferred render away, take over this path; redirecting to /login now would lose it.
  const signedIn = useSession((s) => s.status === 'authenticated');
  if (signedIn) return null;
  return <Navigate to={new URLSearchParams(search).has('ref') ? '/cadastro' : '/login'} replace />;
}

/** The route table of SPEC §2. */
export function AppRoutes() {
  // Deferred: the screen the session leads to renders in the background, yielding to input, and
  // the spinner stays until it is ready (a store update alone would render it in one long task).
  const status = useDeferredValue(useSession((s) => s.status));
  const load = useSession((s) => s.load);
  const intl = useIntl();

  useEffect(() => {
    void load();
  }, [load]);

  const spinner = <FullPageSpinner label={intl.formatMessage({ id: 'app.loading' })} />;
  if (status === 'loading') return spinner;

  if (status === 'anonymous') {
    return (
      <Suspense fallback={spinner}>
        <Routes>
          <Route path="/login" element={<LoginScreen />} />
          <Route path="/cadastro" element={<RegistrationScreen />} />
          <Route path="/professor-cadastro" element={<TeacherRegistrationScreen />} />
          <Route path="/esqueci-senha" element={<ForgotPasswordScreen />} />
          <Route path="/redefinir-senha" element={<ResetPasswordScreen />} />
          <Route path="*" element={<LoggedOutLanding />} />
        </Routes>
        <HydrationEnd />
      </Suspense>
    );
  }

  const dashboard = (
    <DashboardScreen
      recordWeight={<RecordWeightButton />}
      recordMeasurements={<LogMeasurementsButton />}
      tracking={<DailyTrackingCard />}
      checkIn={
        <Suspense fallback={null}>
          <CheckInCard
            extras={
              <>
                <LogMeasurementsButton />
                <AddPhotoButton />
              </>
            }
          />
        </Suspense>
      }
      dietView={(close) => <MyDietView onClose={close} />}
      workoutView={(close) => <MyWorkoutView onClose={close} />}
    />
  );

  return (
    <Suspense fallback={spinner}>
      <Routes>
        {['/login', '/cadastro', '/professor-cadastro', '/esqueci-senha'].map((path) => (
          <Route key={path} path={path} element={<Navigate to="/dashboard" replace />} />
        ))}
        {/* A reset link still works in a browser signed in to any account: it ends that session too. */}
        <Route path="/redefinir-senha" element={<ResetPasswordScreen />} />
        <Route element={<AppShell />}>
          <Route index element={dashboard} />
          <Route path="/dashboard" element={dashboard} />
          <Route path="/progress" element={<ProgressScreen actions={<RecordWeightButton variant="outlined" />} measurements={<MeasurementsCard />} photos={<PhotosCard />} />} />
          <Route path="/content" element={<ContentScreen />} />
          <Route path="/subscription" element={<MySubscriptionScreen />} />
          <Route path="/profile" element={<ProfileScreen />} />
          <Route path="/settings" element={<SettingsScreen />} />
          <Route path="/messages" element={<MessagesScreen />} />
          <Route path="/plan-upgrade" element={<PlanUpgradeScreen />} />
          <Route path="/diet" element={<DietScreen />} />
          <Route path="/workout" element={<WorkoutScreen />} />
          <Route
            path="/admin"
            element={
              <RequireRole roles={['admin', 'teacher']} deniedId="access.adminDenied">
                <AdminScreen />
              </RequireRole>
            }
          />
          <Route
            path="/teacher-dashboard"
            element={
              <RequireRole roles={['teacher']} deniedId="access.teacherDenied">
                <TeacherDashboardScreen />
              </RequireRole>
            }
          />
          <Route path="*" element={<NotFoundScreen />} />
        </Route>
      </Routes>
      <HydrationEnd />
    </Suspense>
  );
}
