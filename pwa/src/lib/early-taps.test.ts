import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPage } from '../page-start.ts';
import { replayEarlyTap, stopListeningForEarlyTaps } from './early-taps.ts';

// The entry is never loaded: the timers that would add it are fake.
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  stopListeningForEarlyTaps();
  delete window.leveEarlyTaps;
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.head.replaceChildren();
  document.body.replaceChildren();
});

const LINKS = '<link rel="manifest" href="/manifest.webmanifest">';

function button(label: string) {
  const element = document.createElement('button');
  element.type = 'button';
  element.innerHTML = `<span>${label}</span>`;
  document.body.append(element);
  return element;
}

describe('the prerendered page’s script and early taps', () => {
  it('loads the entry once the browser reports the first paint, once', () => {
    class FakePaintObserver {
      static made: FakePaintObserver[] = [];
      disconnected = false;
      constructor(readonly callback: PerformanceObserverCallback) {
        FakePaintObserver.made.push(this);
      }
      observe() {}
      disconnect() {
        this.disconnected = true;
      }
    }
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    const report = (name: string) => {
      const entries = { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) } as unknown as PerformanceObserverEntryList;
      for (const observer of FakePaintObserver.made) if (!observer.disconnected) observer.callback(entries, observer as unknown as PerformanceObserver);
    };
    // Kept from the document: happy-dom would try to load it.
    const added: Node[] = [];
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => void added.push(...(nodes as Node[])));
    startPage('/assets/boot-x.js', LINKS, null);
    report('first-paint');
    vi.advanceTimersByTime(500);
    expect(added).toHaveLength(0);
    expect(document.head.querySelector('link[rel=manifest]')).toBeNull();
    report('first-contentful-paint');
    expect(added).toHaveLength(1);
    expect(document.head.querySelector('link[rel=manifest]')?.getAttribute('href')).toBe('/manifest.webmanifest');
    const script = added[0] as HTMLScriptElement;
    expect(script.type).toBe('module');
    expect(script.getAttribute('src')).toBe('/assets/boot-x.js');
    vi.advanceTimersByTime(1000); // the timer for a browser that reports no paint adds none
    expect(added).toHaveLength(1);
  });

  it('loads the entry at once on a screen where the page hides its screen (a wide one, for a phone’s dashboard): nothing will paint to wait for', () => {
    vi.stubGlobal('PerformanceObserver', class { observe() {} disconnect() {} });
    const added: Node[] = [];
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => void added.push(...(nodes as Node[])));
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(min-width:900px)' }));
    startPage('/assets/boot-x.js', LINKS, '(max-width:10px)');
    expect(added).toHaveLength(0);
    stopListeningForEarlyTaps();
    startPage('/assets/boot-x.js', LINKS, '(min-width:900px)');
    expect(added).toHaveLength(1);
  });

  it('taps again, once, the last button tapped before the app ran (a tap on its icon counts)', () => {
    const first = button('Idioma');
    const submit = button('Entrar');
    startPage('/assets/boot-x.js', LINKS, null);
    first.click();
    submit.querySelector('span')?.click();
    stopListeningForEarlyTaps();
    const onSubmit = vi.fn();
    const onFirst = vi.fn();
    submit.addEventListener('click', onSubmit);
    first.addEventListener('click', onFirst);
    replayEarlyTap();
    replayEarlyTap();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onFirst).not.toHaveBeenCalled();
  });

  it('keeps a tap from React until the screen has hydrated, then taps once (React could not run a handler whose code had not arrived)', () => {
    const root = document.createElement('div');
    document.body.append(root);
    const save = document.createElement('button');
    root.append(save);
    const react = vi.fn();
    root.addEventListener('click', react); // React listens at its root
    startPage('/assets/boot-x.js', LINKS, null);
    save.click();
    expect(react).not.toHaveBeenCalled();
    stopListeningForEarlyTaps();
    replayEarlyTap();
    expect(react).toHaveBeenCalledTimes(1);
  });

  it('leaves alone the taps React handles itself, and a button no longer on screen', () => {
    const submit = button('Entrar');
    startPage('/assets/boot-x.js', LINKS, null);
    stopListeningForEarlyTaps();
    const onSubmit = vi.fn();
    submit.addEventListener('click', onSubmit);
    submit.click();
    replayEarlyTap();
    expect(onSubmit).toHaveBeenCalledTimes(1);

    const gone = button('Sair');
    startPage('/assets/boot-x.js', LINKS, null);
    gone.click();
    stopListeningForEarlyTaps();
    gone.remove();
    const onGone = vi.fn();
    gone.addEventListener('click', onGone);
    replayEarlyTap();
    expect(onGone).not.toHaveBeenCalled();
  });

  it('does nothing on a page without the script (rendered by the app, no early taps)', () => {
    expect(() => {
      stopListeningForEarlyTaps();
      replayEarlyTap();
    }).not.toThrow();
  });
});
