import { Suspense, use } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useCurrentDb, useUserDb } from './current.ts';
import type { UserDb } from './user-db.ts';

const opened = { userId: 'user-1' } as UserDb;
const neverReady = new Promise<never>(() => undefined);

/** Shows which database it reads; a screen whose next render is not ready yet (suspends) with one. */
function Reader({ suspendWithDb = false }: { suspendWithDb?: boolean }) {
  const db = useCurrentDb();
  if (db && suspendWithDb) use(neverReady);
  return <p data-testid="db">{db?.userId ?? 'none'}</p>;
}

afterEach(() => {
  cleanup();
  useUserDb.setState({ db: null });
});

describe('useCurrentDb (ADR 026: the database arriving re-rendered every screen in one long task)', () => {
  it('renders a database that opens while a screen shows as a transition: the screen stays as it was until its next render is ready', async () => {
    render(
      <Suspense fallback={<p data-testid="fallback" />}>
        <Reader suspendWithDb />
      </Suspense>,
    );
    expect(screen.getByTestId('db').textContent).toBe('none');
    await act(async () => useUserDb.setState({ db: opened }));
    // A synchronous update would have replaced the screen with the fallback.
    expect(screen.queryByTestId('fallback')).toBeNull();
    expect(screen.getByTestId('db').textContent).toBe('none');
  });

  it('gives the database once that render is done, and stops reading it as soon as it closes', async () => {
    render(<Reader />);
    await act(async () => useUserDb.setState({ db: opened }));
    expect(screen.getByTestId('db').textContent).toBe('user-1');
    await act(async () => useUserDb.setState({ db: null }));
    expect(screen.getByTestId('db').textContent).toBe('none');
  });

  it('reads a database already open from its first render', () => {
    useUserDb.setState({ db: opened });
    render(<Reader />);
    expect(screen.getByTestId('db').textContent).toBe('user-1');
  });
});
