import { useIntl } from 'react-intl';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { LOCALES, type Locale } from '#protocol/i18n/locales.ts';
import { FlagIcon } from './FlagIcon.tsx';

export interface LanguageMenuListProps {
  id: string;
  anchor: HTMLElement | null;
  current: Locale;
  onChoose(locale: Locale): void;
  onClose(): void;
}

/** The dropdown of LanguageMenu: the three languages, each with flag and name. */
export function LanguageMenuList({ id, anchor, current, onChoose, onClose }: LanguageMenuListProps) {
  const intl = useIntl();
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {LOCALES.map((locale) => (
        <MenuItem key={locale} selected={locale === current} lang={locale} onClick={() => onChoose(locale)}>
          <ListItemIcon>
            <FlagIcon locale={locale} />
          </ListItemIcon>
          <ListItemText>{intl.formatMessage({ id: `language.${locale}` })}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
