import { useMemo } from 'react';
import { encodeQr, qrPath } from './qr-code.ts';

const QUIET_ZONE = 4;

/**
 * The link as a QR code (SPEC §2 referral tab), drawn as one SVG path: dark on white in either
 * theme, with the standard's 4-module quiet zone, so a phone camera reads it off the screen.
 */
export function QrCode({ value, label, size = 200, testId }: { value: string; label: string; size?: number; testId?: string }) {
  const drawn = useMemo(() => {
    try {
      const code = encodeQr(value);
      return { path: qrPath(code, QUIET_ZONE), modules: code.size + QUIET_ZONE * 2 };
    } catch (error) {
      console.error('teacher.qr', error); // longer than version 10 holds: the link is still there to copy
      return null;
    }
  }, [value]);
  if (!drawn) return null;
  const { path, modules } = drawn;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      data-testid={testId}
      data-value={value}
      style={{ display: 'block', background: '#fff', borderRadius: 4 }}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
