import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PlaceholderScreen } from '#pwa/components/PlaceholderScreen.tsx';

/** /professor-cadastro: the teacher form comes with the teacher-programme issue. */
export function TeacherRegistrationScreen() {
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 4 }}>
      <PlaceholderScreen titleId="teacherRegister.title" />
      <Typography sx={{ mt: 2 }}>
        <Link component={RouterLink} to="/">
          <FormattedMessage id="teacherRegister.backHome" />
        </Link>
      </Typography>
    </Container>
  );
}
