import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#protocol/i18n/locales.ts';
import { useLocaleStore } from '#pwa/i18n/locale-store.ts';
import { FlagIcon } from './FlagIcon.tsx';

/** SPEC §2: a dropdown of the three languages, each with flag and name; choosing one closes it. */
export function LanguageMenu() {
  const intl = useIntl();
  const current: Locale = useLocaleStore((s) => s.locale) ?? DEFAULT_LOCALE;
  const setLocale = useLocaleStore((s) => s.setLocale);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const label = intl.formatMessage({ id: 'language.label' });

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<FlagIcon locale={current} />}
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? menuId : undefined}
        aria-label={`${label}: ${intl.formatMessage({ id: `language.${current}` })}`}
        data-testid="language-menu"
        sx={{ textTransform: 'none' }}
      >
        {intl.formatMessage({ id: `language.${current}` })}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LOCALES.map((locale) => (
          <MenuItem
            key={locale}
            selected={locale === current}
            lang={locale}
            onClick={() => {
              setLocale(locale);
              setAnchor(null);
            }}
          >
            <ListItemIcon>
              <FlagIcon locale={locale} />
            </ListItemIcon>
            <ListItemText>{intl.formatMessage({ id: `language.${locale}` })}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
