import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';

/**
 * Where health data would be recorded without the consent: says so and where to give it. Its
 * words are the refusal's own (`errors.HEALTH_CONSENT_REQUIRED`) and the menu's, which every
 * signed-in screen has loaded.
 */
export function HealthConsentNotice() {
  const intl = useIntl();
  return (
    <Alert
      severity="info"
      // Part of the page, not an event: announced where it is read, not when the page opens.
      role="note"
      data-testid="health-consent-notice"
      action={
        <Link component={RouterLink} to="/settings#health-data" sx={{ alignSelf: 'center', whiteSpace: 'nowrap' }}>
          {intl.formatMessage({ id: 'nav.settings' })}
        </Link>
      }
    >
      {intl.formatMessage({ id: 'errors.HEALTH_CONSENT_REQUIRED' })}
    </Alert>
  );
}
