import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PlaceholderScreen } from '#pwa/components/PlaceholderScreen.tsx';

/** /cadastro: the registration wizard comes with the client-experience issue. */
export function RegistrationScreen() {
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 4 }}>
      <PlaceholderScreen titleId="register.title" />
      <Typography sx={{ mt: 2 }}>
        <FormattedMessage id="register.haveAccount" />{' '}
        <Link component={RouterLink} to="/login">
          <FormattedMessage id="register.signIn" />
        </Link>
      </Typography>
    </Container>
  );
}
