/**
 * Teachers' AI-provider keys at rest (ARCHITECTURE §4): AES-256-GCM under a key derived from
 * APP_SECRET, a fresh 96-bit IV per value, the tag checked on read. A copy of the database alone
 * does not reveal a key; a wrong secret or a tampered value reads as "no key", never as garbage.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const FORMAT = 'v1';
/** Only where APP_SECRET is optional (development and tests); production refuses to start without one. */
const DEVELOPMENT_SECRET = 'development-only-secret-never-used-in-production';

export interface KeyVault {
  seal(plain: string): string;
  open(sealed: string): string | null;
}

export function createKeyVault(appSecret: string | null): KeyVault {
  const key = Buffer.from(hkdfSync('sha256', appSecret ?? DEVELOPMENT_SECRET, 'leve-coach', 'ai-provider-keys', 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [FORMAT, iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join(':');
    },
    open(sealed) {
      const [format, iv, tag, body] = sealed.split(':');
      if (format !== FORMAT || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
