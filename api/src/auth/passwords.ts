import argon2 from 'argon2';

/**
 * argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane): ~60 ms here, memory-hard, and it
 * runs on libuv's thread pool so it never blocks the event loop (ADR 002).
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Spent when the account does not exist, so a login answers in the same time either way. */
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  await verifyPassword(await dummyHash, password);
}
