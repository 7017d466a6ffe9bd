import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';

/** The screen's h1 and the document title, so screen readers and history entries name the page. */
export function PageHeading({ titleId, values }: { titleId: string; values?: Record<string, string> }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: titleId }, values);
  const appName = intl.formatMessage({ id: 'app.name' });
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);
  return (
    <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
      {title}
    </Typography>
  );
}
