import { Component, Suspense, type ComponentType, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderInApp, setUpScreenTests } from '#pwa/test/screen-harness.tsx';
import { lazyPart } from './LazyPart.tsx';

const messages = setUpScreenTests();

const offline = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
const Greeting: ComponentType<{ name: string }> = ({ name }) => <p>Olá, {name}</p>;

/** The boundary an app would have above: what reaches it says so. */
class Above extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>acima: {this.state.error}</p> : this.props.children;
  }
}

describe('lazyPart', () => {
  it('shows a part whose code did not arrive as a notice in its place, the rest of the screen kept, and the part itself after a retry', async () => {
    const load = vi.fn<() => Promise<ComponentType<{ name: string }>>>().mockImplementationOnce(offline).mockResolvedValue(Greeting);
    const Part = lazyPart(load);
    renderInApp(
      messages(),
      <Suspense fallback={<p>carregando</p>}>
        <p>o resto da tela</p>
        <Part name="Ana" />
      </Suspense>,
    );
    const notice = await screen.findByTestId('feature-load-failed');
    expect(notice.textContent).toContain('Não foi possível carregar esta parte do app');
    expect(screen.getByText('o resto da tela')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('Olá, Ana')).toBeTruthy();
    expect(screen.queryByTestId('feature-load-failed')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('leaves any other error to the boundary above: a retry would not mend it', async () => {
    const Broken = () => {
      throw new Error('um defeito');
    };
    const Part = lazyPart(() => Promise.resolve(Broken));
    renderInApp(
      messages(),
      <Above>
        <Suspense fallback={null}>
          <Part />
        </Suspense>
      </Above>,
    );
    expect(await screen.findByText('acima: um defeito')).toBeTruthy();
    expect(screen.queryByTestId('feature-load-failed')).toBeNull();
  });
});
