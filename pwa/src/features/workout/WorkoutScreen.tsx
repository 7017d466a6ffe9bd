import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { weekdayOf } from '#protocol/domain/check-ins.ts';
import { loadMutators } from '#protocol/mutations/envelope.ts';
import { ActivationGate } from '#pwa/components/ActivationGate.tsx';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { PageHeading } from '#pwa/components/PageHeading.tsx';
import { useCurrentDb } from '#pwa/db/current.ts';
import { useContentGate } from '#pwa/db/use-content-gate.ts';
import { useLocalProfile } from '#pwa/db/use-content.ts';
import { openSessions, useOpenSession } from '#pwa/db/use-open-workout.ts';
import { todayLocalDate } from '#pwa/db/local-writes.ts';
import { trainingDayHeading } from '#pwa/lib/weekday.ts';
import { ExerciseHistoryView } from './ExerciseHistoryView.tsx';
import { SessionView } from './SessionView.tsx';
import { StartView } from './StartView.tsx';
import { SummaryView } from './SummaryView.tsx';
import { loadWorkoutMessages } from './i18n/messages.ts';
import { useWorkoutPlan, useWorkoutSession } from './use-workout-data.ts';
import { closeSessionsLeftOpen, useWorkoutWrites } from './workout-writes.ts';

const loading = <Skeleton variant="rounded" height={240} />;

/**
 * /workout (issue 48): the session open on this device, resumed where it was; else today's day of
 * the programme to start (or another day, `?day=<weekday>`); after finishing, the summary
 * (`?summary=<session id>`); an exercise's history (`?exercise=<exerciseKey>`), over the session
 * too (its draft and rest are kept meanwhile). Behind the activation gate as the workout itself (SPEC §4).
 */
function Workout() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const db = useCurrentDb();
  const gate = useContentGate();
  const plan = useWorkoutPlan();
  // The units a load is typed in come with the profile: no set is read in kg meant as lb meanwhile.
  const profile = useLocalProfile();
  const open = useOpenSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const writes = useWorkoutWrites();
  const summaryId = params.get('summary');
  const chosenDay = Number(params.get('day'));
  const historyKey = params.get('exercise');
  const sessionInHand = useWorkoutSession(summaryId ?? open?.id ?? null);

  // The session's mutators load with the screen, not with its first set: a phone that loses its
  // signal between the two (with no service worker yet) still writes its sets.
  useEffect(() => {
    loadMutators(['workoutSet.add']).catch((error: unknown) => console.error('workout.mutators', error));
  }, []);

  // Sessions left open for more than 12 hours are closed as they stand, once per visit.
  const closed = useRef(false);
  useEffect(() => {
    if (!db || closed.current) return;
    closed.current = true;
    void openSessions(db).then((sessions) => closeSessionsLeftOpen(db, sessions));
  }, [db]);

  if (gate === undefined || plan === undefined || open === undefined || profile === undefined || (sessionInHand === undefined && (summaryId || open))) return loading;
  if (gate !== 'open') {
    return (
      <Stack sx={{ gap: 2 }}>
        <PageHeading titleId="nav.workout" />
        <ActivationGate gate={gate} />
      </Stack>
    );
  }

  const followed = sessionInHand && plan && sessionInHand.session.planId === plan.plan.id ? plan.plan.content.schedule.find((day) => day.weekday === sessionInHand.session.weekday) : undefined;
  const title = followed ? trainingDayHeading(intl.locale, followed) : t('training.freeSession');

  if (historyKey !== null) return <ExerciseHistoryView key={historyKey} exerciseKey={historyKey} />;
  if (summaryId && sessionInHand?.session.endedAt) return <SummaryView inHand={sessionInHand} title={title} />;
  if (sessionInHand && sessionInHand.session.endedAt === null) {
    return (
      <SessionView
        key={sessionInHand.session.id}
        inHand={sessionInHand}
        planExercises={followed?.exercises ?? []}
        title={title}
        onFinished={() => navigate(`/workout?summary=${sessionInHand.session.id}`, { replace: true })}
        onDiscarded={() => navigate('/workout', { replace: true })}
      />
    );
  }
  return (
    <StartView
      plan={plan}
      todayWeekday={weekdayOf(todayLocalDate())}
      chosenWeekday={params.has('day') && Number.isInteger(chosenDay) ? chosenDay : null}
      onStart={async (todo) => {
        await writes.start(todo);
        if (summaryId || params.has('day')) navigate('/workout', { replace: true });
      }}
    />
  );
}

/** The screen with its own strings, which load with it. */
export function WorkoutScreen() {
  return (
    <FeatureMessages load={loadWorkoutMessages}>
      <Workout />
    </FeatureMessages>
  );
}
