import { useNavigate, useSearchParams } from 'react-router-dom';
import Skeleton from '@mui/material/Skeleton';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { ActivationGate } from '#pwa/components/ActivationGate.tsx';
import { PageHeading } from '#pwa/components/PageHeading.tsx';
import { usePublishedDiets } from '#pwa/db/use-content.ts';
import { DietView } from './DietView.tsx';
import { useContentGate } from '#pwa/db/use-content-gate.ts';
import { loadContentMessages } from './i18n/messages.ts';

/** SPEC §2 /diet viewer: the chosen diet (or the latest), behind the gate; close returns to /content. */
function Diet() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const diets = usePublishedDiets();
  const gate = useContentGate();
  const id = params.get('id');
  const diet = diets?.find((d) => d.id === id) ?? diets?.[0] ?? null;
  return (
    <>
      <PageHeading titleId="nav.diet" />
      {diets === undefined || gate === undefined ? (
        <Skeleton variant="rounded" height={240} />
      ) : gate === 'open' ? (
        <DietView diet={diet} ownPage closeLabelId="content.close" onClose={() => navigate('/content?tab=diets')} />
      ) : (
        <ActivationGate gate={gate} />
      )}
    </>
  );
}

/** The screen with its own strings, which load with it. */
export function DietScreen() {
  return (
    <FeatureMessages load={loadContentMessages}>
      <Diet />
    </FeatureMessages>
  );
}
