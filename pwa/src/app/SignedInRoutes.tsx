import { Suspense, useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { Role } from '#protocol/domain/client-enums.ts';
import { lazyPart } from '#pwa/components/LazyPart.tsx';
import { useSession } from '#pwa/lib/session.ts';
import { showToast } from '#pwa/lib/toast.ts';

const AppShell = lazyPart(() => import('./shell/AppShell.tsx').then((m) => m.AppShell));
const DashboardScreen = lazyPart(() => import('../features/dashboard/DashboardScreen.tsx').then((m) => m.DashboardScreen));
const DailyTrackingCard = lazyPart(() => import('../features/tracking/DailyTrackingCard.tsx').then((m) => m.DailyTrackingCard));
const RecordWeightButton = lazyPart(() => import('../features/tracking/WeightRecordDialog.tsx').then((m) => m.RecordWeightButton));
const LogMeasurementsButton = lazyPart(() => import('../features/measurements/LogMeasurementsButton.tsx').then((m) => m.LogMeasurementsButton));
const AddPhotoButton = lazyPart(() => import('../features/photos/AddPhotoButton.tsx').then((m) => m.AddPhotoButton));
const CheckInCard = lazyPart(() => import('../features/check-ins/CheckInCard.tsx').then((m) => m.CheckInCard));
const MeasurementsCard = lazyPart(() => import('../features/measurements/MeasurementsCard.tsx').then((m) => m.MeasurementsCard));
const PhotosCard = lazyPart(() => import('../features/photos/PhotosCard.tsx').then((m) => m.PhotosCard));
const ProgressScreen = lazyPart(() => import('../features/progress/ProgressScreen.tsx').then((m) => m.ProgressScreen));
const PlanUpgradeScreen = lazyPart(() => import('../features/subscription/PlanUpgradeScreen.tsx').then((m) => m.PlanUpgradeScreen));
const MySubscriptionScreen = lazyPart(() => import('../features/subscription/MySubscriptionScreen.tsx').then((m) => m.MySubscriptionScreen));
const ContentScreen = lazyPart(() => import('../features/content/ContentScreen.tsx').then((m) => m.ContentScreen));
const DietScreen = lazyPart(() => import('../features/content/DietScreen.tsx').then((m) => m.DietScreen));
const WorkoutScreen = lazyPart(() => import('../features/workout/WorkoutScreen.tsx').then((m) => m.WorkoutScreen));
const MyDietView = lazyPart(() => import('../features/content/InPageViews.tsx').then((m) => m.MyDietView));
const MyWorkoutView = lazyPart(() => import('../features/content/InPageViews.tsx').then((m) => m.MyWorkoutView));
const ProfileScreen = lazyPart(() => import('../features/profile/ProfileScreen.tsx').then((m) => m.ProfileScreen));
const MessagesScreen = lazyPart(() => import('../features/messages/MessagesScreen.tsx').then((m) => m.MessagesScreen));
const SettingsScreen = lazyPart(() => import('../features/settings/SettingsScreen.tsx').then((m) => m.SettingsScreen));
// Staff only: clients never download the admin panel's code.
const AdminScreen = lazyPart(() => import('../features/admin/AdminScreen.tsx').then((m) => m.AdminScreen));
const TeacherDashboardScreen = lazyPart(() => import('../features/teacher/TeacherDashboardScreen.tsx').then((m) => m.TeacherDashboardScreen));
const NotFoundScreen = lazyPart(() => import('./NotFoundScreen.tsx').then((m) => m.NotFoundScreen));

// Password reset (ADR 017): a reset link still works in a browser signed in to any account.
const ResetPasswordScreen = lazyPart(() => import('../features/auth/ResetPasswordScreen.tsx').then((m) => m.ResetPasswordScreen));

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

/**
 * The signed-in routes of SPEC §2, in the signed-in chunk (scripts/vite/chunk-groups.ts): their
 * screens' imports and this table stay out of /login's code. Inside AppRoutes' Suspense boundary,
 * as the table was before it moved here.
 */
export function SignedInRoutes() {
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
  );
}
