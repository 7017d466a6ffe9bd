import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenForEarlyTaps, replayEarlyTap, stopListeningForEarlyTaps } from './early-taps.ts';

afterEach(() => {
  stopListeningForEarlyTaps();
  replayEarlyTap(); // forgets a tap a test left behind
  document.body.replaceChildren();
});

function button(label: string) {
  const element = document.createElement('button');
  element.type = 'button';
  element.innerHTML = `<span>${label}</span>`;
  document.body.append(element);
  return element;
}

describe('early taps', () => {
  it('taps again, once, the last button tapped before the app ran (a tap on its icon counts)', () => {
    const first = button('Idioma');
    const submit = button('Entrar');
    listenForEarlyTaps();
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

  it('leaves alone the taps React handles itself, and a button no longer on screen', () => {
    const submit = button('Entrar');
    listenForEarlyTaps();
    stopListeningForEarlyTaps();
    const onSubmit = vi.fn();
    submit.addEventListener('click', onSubmit);
    submit.click();
    replayEarlyTap();
    expect(onSubmit).toHaveBeenCalledTimes(1);

    const gone = button('Sair');
    listenForEarlyTaps();
    gone.click();
    stopListeningForEarlyTaps();
    gone.remove();
    const onGone = vi.fn();
    gone.addEventListener('click', onGone);
    replayEarlyTap();
    expect(onGone).not.toHaveBeenCalled();
  });
});
