/**
 * The referral link as a QR code (SPEC §2 teacher dashboard), encoded by lean-qr (maintained,
 * ~4 kB, in the lazy teacher chunk): the link's UTF-8 bytes in byte mode at level M, the smallest
 * version up to 10 (213 bytes, far more than a `<origin>/r/<CODE>` link needs), the mask by the
 * standard's penalty rules. Larger codes would be too dense to read off a phone's screen.
 */
import { correction, generate, mode, type Bitmap2D } from 'lean-qr';

const QR_MAX_VERSION = 10;

/** Throws (lean-qr's "too much data") when the text does not fit version 10 at level M. */
export const encodeQr = (text: string): Bitmap2D =>
  generate(mode.bytes(new TextEncoder().encode(text)), { minCorrectionLevel: correction.M, maxCorrectionLevel: correction.M, maxVersion: QR_MAX_VERSION });
