import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { ActivationGate } from '#pwa/components/ActivationGate.tsx';
import { usePublishedDiets, usePublishedWorkouts } from '#pwa/db/use-content.ts';
import { DietView } from './DietView.tsx';
import { TodayWorkoutView } from './TodayWorkoutView.tsx';
import { ViewHeader } from './ViewHeader.tsx';
import { useContentGate } from './use-content-gate.ts';

/** SPEC §2: without an active paid plan the views show the activation gate, with a back button. */
function Gated({ titleId, onClose, children }: { titleId: string; onClose: () => void; children: React.ReactNode }) {
  const gate = useContentGate();
  if (gate === undefined) return <Skeleton variant="rounded" height={240} />;
  if (gate === 'open') return children;
  return (
    <Stack sx={{ gap: 2 }}>
      <ViewHeader titleId={titleId} onClose={onClose} closeLabelId="content.back" />
      <ActivationGate gate={gate} />
    </Stack>
  );
}

/** The dashboard's My Diet view: the latest published diet. */
export function MyDietView({ onClose }: { onClose: () => void }) {
  const diets = usePublishedDiets();
  return (
    <Gated titleId="nav.diet" onClose={onClose}>
      {diets === undefined ? <Skeleton variant="rounded" height={240} /> : <DietView diet={diets[0] ?? null} onClose={onClose} />}
    </Gated>
  );
}

/** The dashboard's My Workout view: today's part of the latest published workout. */
export function MyWorkoutView({ onClose }: { onClose: () => void }) {
  const workouts = usePublishedWorkouts();
  return (
    <Gated titleId="content.workout.todayTitle" onClose={onClose}>
      {workouts === undefined ? <Skeleton variant="rounded" height={240} /> : <TodayWorkoutView workout={workouts[0] ?? null} onClose={onClose} />}
    </Gated>
  );
}
