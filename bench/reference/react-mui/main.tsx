// Reference r2 of the Lighthouse bench: React 19 and MUI rendering one card, nothing of the app's.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import Typography from '@mui/material/Typography';

const theme = createTheme({ palette: { primary: { main: '#2e7d32' } } });

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Container component="main" maxWidth="xs" sx={{ py: 8 }}>
        <Card variant="outlined" sx={{ borderRadius: 6 }}>
          <CardContent sx={{ p: 3, textAlign: 'center' }}>
            <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
              Bem-vindo de volta
            </Typography>
            <Typography sx={{ mb: 3 }}>Entre para ver sua dieta, seu treino e sua evolução</Typography>
            <Button variant="contained" fullWidth>
              Entrar
            </Button>
          </CardContent>
        </Card>
      </Container>
    </ThemeProvider>
  </StrictMode>,
);
