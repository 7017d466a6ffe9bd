import { useMemo } from 'react';
import { toSvgPath } from 'lean-qr/extras/svg';
import { encodeQr } from './qr-code.ts';

const QUIET_ZONE = 4;

/**
 * The link as a QR code (SPEC §2 referral tab), drawn as one SVG path: dark on white in either
 * theme, with the standard's 4-module quiet zone, so a phone camera reads it off the screen.
 */
export function QrCode({ value, label, size = 200, testId }: { value: string; label: string; size?: number; testId?: string }) {
  const drawn = useMemo(() => {
    try {
      const code = encodeQr(value);
      return { path: toSvgPath(code), modules: code.size + QUIET_ZONE * 2 };
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
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      data-testid={testId}
      data-value={value}
      style={{ display: 'block', background: '#fff', borderRadius: 4 }}
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
