import { startTransition, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CompareIcon from '@mui/icons-material/Compare';
import { localDateIn } from '#protocol/domain/daily-progress.ts';
import { HealthConsentNotice } from '#pwa/components/HealthConsentNotice.tsx';
import { useHealthConsent } from '#pwa/db/use-health-consent.ts';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { lazyPart } from '#pwa/components/LazyPart.tsx';
import { PhotoImage } from '#pwa/components/PhotoImage.tsx';
import { deviceTimeZone } from '#pwa/db/local-writes.ts';
import { useProgressPhotos, type PhotoOnDevice } from '#pwa/db/use-progress-photos.ts';
import { AddPhotoAction } from './AddPhotoButton.tsx';
import { loadPhotoMessages } from './i18n/messages.ts';
import { photoDays } from './photo-days.ts';

const PhotoViewerDialog = lazyPart(() => import('./PhotoViewerDialog.tsx').then((m) => m.PhotoViewerDialog));
const ComparePhotosDialog = lazyPart(() => import('./ComparePhotosDialog.tsx').then((m) => m.ComparePhotosDialog));

/** An instant's calendar day on this device, as the photos are grouped. */
const dayOf = (instant: string) => localDateIn(deviceTimeZone(), new Date(instant));

function Photos() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const photos = useProgressPhotos();
  const consented = useHealthConsent() !== false;
  const [dialog, setDialog] = useState<{ kind: 'view'; photo: PhotoOnDevice } | { kind: 'compare' } | null>(null);
  const open = (next: typeof dialog) => startTransition(() => setDialog(next));
  const days = photoDays(photos ?? [], dayOf);
  // A calendar day read at noon UTC names the same date in every zone.
  const dayLabel = (day: string) => intl.formatDate(`${day}T12:00:00Z`, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const poseName = (photo: PhotoOnDevice) => t(`photos.poses.${photo.pose}`);
  const label = (photo: PhotoOnDevice) => ({ pose: poseName(photo), date: dayLabel(dayOf(photo.createdAt)) });

  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-testid="photos-card">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {t('photos.title')}
          </Typography>
          <Stack direction="row" spacing={1}>
            {days.length >= 2 && (
              <Button variant="outlined" startIcon={<CompareIcon />} onClick={() => open({ kind: 'compare' })} data-testid="photos-compare">
                {t('photos.compare')}
              </Button>
            )}
            {consented && <AddPhotoAction />}
          </Stack>
        </Stack>
        {!consented && <HealthConsentNotice />}
        {photos === undefined ? (
          <Skeleton variant="rounded" height={120} role="status" aria-label={t('photos.loading')} />
        ) : photos.length === 0 ? (
          <Typography color="text.secondary" data-testid="photos-empty">
            {t('photos.empty')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 1 }} data-testid="photo-grid">
            {photos.map((photo) => {
              const { pose, date } = label(photo);
              const state = photo.failure ? 'notSent' : photo.stored ? null : 'waiting';
              return (
                <Box component="li" key={photo.id} data-testid="photo-tile" data-photo-id={photo.id} data-state={state ?? 'sent'}>
                  <ButtonBase
                    onClick={() => open({ kind: 'view', photo })}
                    aria-label={t('photos.open', { pose: pose.toLocaleLowerCase(intl.locale), date })}
                    sx={{ display: 'block', width: '100%', borderRadius: 1, overflow: 'hidden', position: 'relative', textAlign: 'left' }}
                  >
                    <PhotoImage photoId={photo.id} kind="thumbnail" alt="" unavailableLabel={t('photos.unavailable')} sx={{ width: '100%', aspectRatio: '3 / 4' }} />
                    {state && (
                      <Chip
                        size="small"
                        color={state === 'notSent' ? 'error' : 'default'}
                        label={t(`photos.${state}`)}
                        sx={{ position: 'absolute', left: 4, bottom: 4, maxWidth: 'calc(100% - 8px)', bgcolor: state === 'notSent' ? undefined : 'background.paper' }}
                      />
                    )}
                  </ButtonBase>
                  <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
                    {pose} · {date}
                  </Typography>
                </Box>
              );
            })}
          </Box>
        )}
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('photos.privacy')}
        </Typography>
      </CardContent>
      <Suspense fallback={null}>
        {dialog?.kind === 'view' && <PhotoViewerDialog photo={dialog.photo} label={label(dialog.photo)} onClose={() => setDialog(null)} />}
        {dialog?.kind === 'compare' && <ComparePhotosDialog days={days} dayOf={dayOf} onClose={() => setDialog(null)} />}
      </Suspense>
    </Card>
  );
}

/** /progress's photos (issue 21), from this device first (offline too), with their own strings. */
export function PhotosCard() {
  return (
    <FeatureMessages load={loadPhotoMessages} fallback={<Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />}>
      <Photos />
    </FeatureMessages>
  );
}
