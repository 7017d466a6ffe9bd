import Box from '@mui/material/Box';
import type { Locale } from '#protocol/i18n/locales.ts';

/**
 * Flags drawn as SVG: emoji flags do not render on Windows and some Android fonts.
 * Decorative: the language name is always written next to them.
 */
const flags: Record<Locale, React.ReactNode> = {
  'pt-BR': (
    <>
      <rect width="30" height="20" fill="#009c3b" />
      <path d="M15 2.5 27.5 10 15 17.5 2.5 10z" fill="#ffdf00" />
      <circle cx="15" cy="10" r="4.5" fill="#002776" />
    </>
  ),
  'es-AR': (
    <>
      <rect width="30" height="20" fill="#74acdf" />
      <rect y="6.67" width="30" height="6.67" fill="#ffffff" />
      <circle cx="15" cy="10" r="2.2" fill="#f6b40e" />
    </>
  ),
  'en-US': (
    <>
      <rect width="30" height="20" fill="#b22234" />
      {[1, 3, 5, 7, 9, 11].map((i) => (
        <rect key={i} y={(i * 20) / 13} width="30" height={20 / 13} fill="#ffffff" />
      ))}
      <rect width="12" height={(7 * 20) / 13} fill="#3c3b6e" />
    </>
  ),
};

export function FlagIcon({ locale }: { locale: Locale }) {
  return (
    <Box component="svg" viewBox="0 0 30 20" width={24} height={16} aria-hidden="true" sx={{ borderRadius: '2px', flexShrink: 0, boxShadow: '0 0 0 1px rgba(0,0,0,0.12)' }}>
      {flags[locale]}
    </Box>
  );
}
