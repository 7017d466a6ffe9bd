import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { PageHeading } from '#pwa/components/PageHeading.tsx';
import { useSession } from '#pwa/lib/session.ts';

/**
 * The greeting and the tracking widgets the app composes in (features do not import each other);
 * the full dashboard of SPEC §2 comes with the client-experience issue.
 */
export function DashboardScreen({ children }: { children?: ReactNode }) {
  const name = useSession((s) => s.client?.name) ?? '';
  const firstName = name.split(/\s+/)[0] ?? name;
  return (
    <>
      <PageHeading titleId="dashboard.greeting" values={{ name: firstName }} />
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        <FormattedMessage id="dashboard.subtitle" />
      </Typography>
      <Stack sx={{ gap: 2, maxWidth: 640 }}>{children}</Stack>
    </>
  );
}
