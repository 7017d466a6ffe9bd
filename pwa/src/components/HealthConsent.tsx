import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';

/**
 * The consent's wording (issue 22, part 4; LGPD art. 11 I: specific and set apart): which data,
 * for what, who sees it, and how to take it back. Its keys are in the answer catalog
 * (`loadAnswerMessages`); changing them is a new HEALTH_CONSENT_VERSION.
 */
export function HealthConsentText() {
  const intl = useIntl();
  return (
    <Typography variant="body2" color="text.secondary" data-testid="health-consent-text">
      {intl.formatMessage({ id: 'register.healthConsentText' })}
    </Typography>
  );
}

/** Registration's consent: its own box, never ticked for the person. */
export function HealthConsentCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const intl = useIntl();
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }} data-testid="health-consent">
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {intl.formatMessage({ id: 'register.healthConsentTitle' })}
      </Typography>
      <HealthConsentText />
      <FormControlLabel
        sx={{ mt: 1 }}
        control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} slotProps={{ input: { 'aria-describedby': 'health-consent-without' } }} data-testid="health-consent-checkbox" />}
        label={intl.formatMessage({ id: 'register.healthConsentAgree' })}
      />
      <Typography id="health-consent-without" variant="caption" color="text.secondary" component="p">
        {intl.formatMessage({ id: 'register.healthConsentWithout' })}
      </Typography>
    </Box>
  );
}
