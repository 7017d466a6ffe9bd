import type { ReactNode } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { ActivationGate } from '#pwa/components/ActivationGate.tsx';
import { usePublishedDiets, usePublishedWorkouts } from '#pwa/db/use-content.ts';
import { DietView } from './DietView.tsx';
import { TodayWorkoutView } from './TodayWorkoutView.tsx';
import { ViewHeader } from './ViewHeader.tsx';
import { useContentGate } from '#pwa/db/use-content-gate.ts';
import { loadContentMessages } from './i18n/messages.ts';

/**
 * The latest published plan in a dashboard view; without an active paid plan the activation gate
 * with a back button (SPEC §2).
 */
function InPageView<T>({ titleId, onClose, plans, children }: { titleId: string; onClose: () => void; plans: T[] | undefined; children: (latest: T | null) => ReactNode }) {
  const gate = useContentGate();
  if (gate === undefined || plans === undefined) return <Skeleton variant="rounded" height={240} />;
  if (gate === 'open') return children(plans[0] ?? null);
  return (
    <Stack sx={{ gap: 2 }}>
      <ViewHeader titleId={titleId} onClose={onClose} closeLabelId="content.back" />
      <ActivationGate gate={gate} />
    </Stack>
  );
}

function MyDiet({ onClose }: { onClose: () => void }) {
  return (
    <InPageView titleId="nav.diet" onClose={onClose} plans={usePublishedDiets()}>
      {(diet) => <DietView diet={diet} onClose={onClose} />}
    </InPageView>
  );
}

function MyWorkout({ onClose }: { onClose: () => void }) {
  return (
    <InPageView titleId="content.workout.todayTitle" onClose={onClose} plans={usePublishedWorkouts()}>
      {(workout) => <TodayWorkoutView workout={workout} onClose={onClose} />}
    </InPageView>
  );
}

/** The dashboard's diet view with the content strings, which load with it. */
export function MyDietView({ onClose }: { onClose: () => void }) {
  return (
    <FeatureMessages load={loadContentMessages}>
      <MyDiet onClose={onClose} />
    </FeatureMessages>
  );
}

/** The dashboard's workout view with the content strings, which load with it. */
export function MyWorkoutView({ onClose }: { onClose: () => void }) {
  return (
    <FeatureMessages load={loadContentMessages}>
      <MyWorkout onClose={onClose} />
    </FeatureMessages>
  );
}
