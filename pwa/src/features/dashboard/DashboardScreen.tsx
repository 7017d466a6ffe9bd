import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { PageHeading } from '#pwa/components/PageHeading.tsx';
import { useSession } from '#pwa/lib/session.ts';

/** The greeting; the full dashboard of SPEC §2 comes with the client-experience issue. */
export function DashboardScreen() {
  const name = useSession((s) => s.client?.name) ?? '';
  const firstName = name.split(/\s+/)[0] ?? name;
  return (
    <>
      <PageHeading titleId="dashboard.greeting" values={{ name: firstName }} />
      <Typography color="text.secondary">
        <FormattedMessage id="dashboard.subtitle" />
      </Typography>
    </>
  );
}
