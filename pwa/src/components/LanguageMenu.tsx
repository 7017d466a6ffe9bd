import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { DEFAULT_LOCALE, type Locale } from '#protocol/i18n/locales.ts';
import { useLocaleStore } from '#pwa/i18n/locale-store.ts';
import { useOnDemand } from '#pwa/lib/use-on-demand.ts';
import { FlagIcon } from './FlagIcon.tsx';

const loadList = () => import('./LanguageMenuList.tsx').then((m) => m.LanguageMenuList);

/** SPEC §2: a dropdown of the three languages, each with flag and name; choosing one closes it. */
export function LanguageMenu() {
  const intl = useIntl();
  const current: Locale = useLocaleStore((s) => s.locale) ?? DEFAULT_LOCALE;
  const choose = useLocaleStore((s) => s.choose);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const list = useOnDemand(loadList, 'language-menu');
  const menuId = useId();
  const label = intl.formatMessage({ id: 'language.label' });

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => {
          const button = event.currentTarget;
          list.open(() => setAnchor(button));
        }}
        onPointerEnter={list.preload}
        onFocus={list.preload}
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
      {list.Component && (
        <list.Component
          id={menuId}
          anchor={anchor}
          current={current}
          onChoose={(locale) => {
            choose(locale);
            setAnchor(null);
          }}
          onClose={() => setAnchor(null)}
        />
      )}
    </>
  );
}
