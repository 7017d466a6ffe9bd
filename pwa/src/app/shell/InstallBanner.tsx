import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import InstallIcon from '@mui/icons-material/InstallMobileOutlined';
import { useRefusals } from '#pwa/db/use-refusals.ts';
import { useHydrated } from '#pwa/lib/hydration.ts';
import { menuInstallHint, useInstallPrompt } from '#pwa/lib/install-prompt.ts';

/** The CSS variable the shell adds to the page's bottom padding: the banner's height and gap. */
export const INSTALL_BANNER_SPACE = '--install-banner-space';

function useSpaceKeptFor(banner: HTMLElement | null) {
  useEffect(() => {
    if (!banner) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty(INSTALL_BANNER_SPACE, `${banner.offsetHeight + 8}px`));
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.removeProperty(INSTALL_BANNER_SPACE);
    };
  }, [banner]);
}

/**
 * SPEC §2 install banner: offers the browser's install prompt when there is one, explains the
 * menu route on browsers that install from their own menu, and is gone once installed or dismissed.
 * It waits until the client has used the app on this device (`engaged`, lib/install-prompt.ts).
 * It floats at the bottom, above the bottom bar (`bottomOffset`), instead of sitting above the
 * page: the browser offers the prompt seconds after the page has painted, and a banner put in the
 * page then pushed everything under the reader's thumb down (ADR 026, layout shift). It gives
 * that place to the notice of a refused change (RefusalNotices), which must be read. While it
 * shows, the page ends its height further down (`INSTALL_BANNER_SPACE`), so that its last lines
 * can be scrolled out from under it.
 */
export function InstallBanner({ bottomOffset }: { bottomOffset: number }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { event, installed, dismissed, engaged, dismiss, install } = useInstallPrompt();
  // A page rendered at build time has no banner: hydrating, it shows none either (ADR 026).
  const hint = useHydrated() ? menuInstallHint() : null;
  const refusalShown = useRefusals().length > 0;
  const [banner, setBanner] = useState<HTMLDivElement | null>(null);
  useSpaceKeptFor(banner);
  if (installed || dismissed || !engaged || refusalShown || (!event && !hint)) return null;
  return (
    <Alert
      ref={setBanner}
      severity="success"
      icon={<InstallIcon />}
      sx={{
        position: 'fixed',
        zIndex: 'snackbar',
        bottom: bottomOffset + 8,
        left: { xs: 8, md: 'auto' },
        right: { xs: 8, md: 24 },
        maxWidth: { md: 480 },
        boxShadow: 6,
      }}
      data-testid="install-banner"
      action={
        <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center' }}>
          {event && (
            <Button color="inherit" size="small" variant="outlined" onClick={() => void install()} data-testid="install-accept">
              {t('install.action')}
            </Button>
          )}
          <Button color="inherit" size="small" onClick={dismiss} data-testid="install-dismiss">
            {t('install.dismiss')}
          </Button>
        </Stack>
      }
    >
      {t(event ? 'install.message' : hint === 'ios' ? 'install.iosHint' : 'install.menuHint')}
    </Alert>
  );
}
