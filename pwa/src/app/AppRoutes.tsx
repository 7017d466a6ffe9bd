import { Suspense, useDeferredValue, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '#pwa/components/FullPageSpinner.tsx';
import { lazyPart } from '#pwa/components/LazyPart.tsx';
import { HydrationEnd } from '#pwa/lib/hydration.ts';
import { useSession } from '#pwa/lib/session.ts';
import { LoginScreen } from '../features/auth/LoginScreen.tsx';

// Signed-in code is split from the logged-out path: /login never downloads the shell, nor the
// signed-in route table with its screens' imports (SignedInRoutes, in the signed-in chunk).
const SignedInRoutes = lazyPart(() => import('./SignedInRoutes.tsx').then((m) => m.SignedInRoutes));
const RegistrationScreen = lazyPart(() => import('../features/registration/RegistrationScreen.tsx').then((m) => m.RegistrationScreen));
const TeacherRegistrationScreen = lazyPart(() =>
  import('../features/teacher/TeacherRegistrationScreen.tsx').then((m) => m.TeacherRegistrationScreen),
);
// Password reset (ADR 017): rare pages, kept out of the /login chunk.
const ForgotPasswordScreen = lazyPart(() => import('../features/auth/ForgotPasswordScreen.tsx').then((m) => m.ForgotPasswordScreen));
const ResetPasswordScreen = lazyPart(() => import('../features/auth/ResetPasswordScreen.tsx').then((m) => m.ResetPasswordScreen));

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

  return (
    <Suspense fallback={spinner}>
      <SignedInRoutes />
      <HydrationEnd />
    </Suspense>
  );
}
