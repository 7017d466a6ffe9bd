import { startTransition, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import AddAPhotoIcon from '@mui/icons-material/AddAPhotoOutlined';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { lazyPart } from '#pwa/components/LazyPart.tsx';
import { useHealthConsent } from '#pwa/db/use-health-consent.ts';
import { loadPhotoMessages } from './i18n/messages.ts';

const AddPhotoDialog = lazyPart(() => import('./AddPhotoDialog.tsx').then((m) => m.AddPhotoDialog));

/** "Add photo" and its dialog, loaded on the first tap; inside the photos' strings. */
export function AddPhotoAction() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<AddAPhotoIcon />} onClick={() => startTransition(() => setOpen(true))} data-testid="photos-add">
        {intl.formatMessage({ id: 'photos.add' })}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AddPhotoDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * "Add photo" anywhere in the app (issue 22: the check-in form offers the week's photos), with
 * the photos' strings loaded alongside. Photos are health data (issue 22, part 4): without the
 * consent it renders nothing; /progress says where to give it.
 */
export function AddPhotoButton() {
  if (useHealthConsent() === false) return null;
  return (
    <FeatureMessages load={loadPhotoMessages} fallback={null}>
      <AddPhotoAction />
    </FeatureMessages>
  );
}
