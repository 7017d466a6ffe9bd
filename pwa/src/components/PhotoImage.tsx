import { useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { SxProps, Theme } from '@mui/material/styles';
import HideImageIcon from '@mui/icons-material/HideImageOutlined';
import { usePhotoSource } from '#pwa/db/use-progress-photos.ts';

/**
 * One of a progress photo's files (issue 21): this device's copy when it has one (offline, before
 * the upload), else the server's. Where neither can be had (another device, offline) a placeholder
 * says so rather than a broken image.
 */
export function PhotoImage({ photoId, kind, alt, unavailableLabel, sx }: { photoId: string; kind: 'image' | 'thumbnail'; alt: string; unavailableLabel: string; sx?: SxProps<Theme> }) {
  const src = usePhotoSource(photoId, kind);
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  if (src === undefined) return <Skeleton variant="rectangular" sx={[{ width: '100%', height: '100%' }, ...(Array.isArray(sx) ? sx : [sx])]} />;
  if (brokenSrc === src) {
    return (
      <Box role="img" aria-label={`${alt}. ${unavailableLabel}`} sx={[{ display: 'grid', placeItems: 'center', bgcolor: 'action.hover', color: 'text.secondary' }, ...(Array.isArray(sx) ? sx : [sx])]}>
        <HideImageIcon />
      </Box>
    );
  }
  return <Box component="img" src={src} alt={alt} onError={() => setBrokenSrc(src)} sx={[{ display: 'block', objectFit: 'cover', bgcolor: 'action.hover' }, ...(Array.isArray(sx) ? sx : [sx])]} />;
}
