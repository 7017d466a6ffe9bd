import { describe, expect, it } from 'vitest';
import { createKeyVault } from './key-vault.ts';

const SECRET = 'a'.repeat(40);

describe('key vault', () => {
  it('round-trips a key without storing it in the clear, with a fresh IV each time', () => {
    const vault = createKeyVault(SECRET);
    const first = vault.seal('sk-test-123456');
    const second = vault.seal('sk-test-123456');
    expect(first).not.toContain('sk-test');
    expect(first).not.toBe(second);
    expect(vault.open(first)).toBe('sk-test-123456');
    expect(vault.open(second)).toBe('sk-test-123456');
  });

  it('reads a value sealed under another secret, or tampered with, as no key', () => {
    const sealed = createKeyVault(SECRET).seal('sk-test-123456');
    expect(createKeyVault('b'.repeat(40)).open(sealed)).toBeNull();
    const parts = sealed.split(':');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(createKeyVault(SECRET).open([...parts.slice(0, 3), body.toString('base64url')].join(':'))).toBeNull();
    expect(createKeyVault(SECRET).open('garbage')).toBeNull();
  });
});
