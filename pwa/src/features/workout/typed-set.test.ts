import { describe, expect, it } from 'vitest';
import { measuresFor } from '#pwa/lib/measures.ts';
import { loadText, readLoad, readSet } from './typed-set.ts';

const metric = measuresFor('metric', 'pt-BR');
const us = measuresFor('us', 'en-US');

describe('readSet', () => {
  it('reads a load typed with a comma in pt-BR and es-AR, and a point in en-US', () => {
    expect(readSet({ reps: '8', load: '42,5', seconds: '' }, false, metric)).toEqual({ ok: true, figures: { reps: 8, loadKg: 42.5, seconds: null } });
    expect(readSet({ reps: ' 10 ', load: '1.25', seconds: '' }, false, metric)).toEqual({ ok: true, figures: { reps: 10, loadKg: 1.25, seconds: null } });
  });

  it('keeps a blank load as body weight', () => {
    expect(readSet({ reps: '12', load: '  ', seconds: '' }, false, metric)).toEqual({ ok: true, figures: { reps: 12, loadKg: null, seconds: null } });
  });

  it('stores a load typed in pounds as kg', () => {
    expect(readSet({ reps: '5', load: '135', seconds: '' }, false, us)).toEqual({ ok: true, figures: { reps: 5, loadKg: 61.23, seconds: null } });
  });

  it('names what is wrong under each field', () => {
    expect(readSet({ reps: '', load: '40', seconds: '' }, false, metric)).toEqual({ ok: false, errors: { reps: 'validation.repsInvalid' } });
    expect(readSet({ reps: '8,5', load: '4o', seconds: '' }, false, metric)).toEqual({ ok: false, errors: { reps: 'validation.repsInvalid', load: 'validation.loadInvalid' } });
    expect(readSet({ reps: '8', load: '1200', seconds: '' }, false, metric)).toEqual({ ok: false, errors: { load: 'validation.loadInvalid' } });
    expect(readSet({ reps: '8', load: '2500', seconds: '' }, false, us)).toEqual({ ok: false, errors: { load: 'validation.loadInvalid' } });
  });

  it('takes a time, and only a time, for a timed exercise', () => {
    expect(readSet({ reps: '', load: '', seconds: '45' }, true, metric)).toEqual({ ok: true, figures: { reps: null, loadKg: null, seconds: 45 } });
    expect(readSet({ reps: '', load: '', seconds: '' }, true, metric)).toEqual({ ok: false, errors: { seconds: 'validation.setTimeInvalid' } });
    expect(readSet({ reps: '', load: '', seconds: '99999' }, true, metric)).toEqual({ ok: false, errors: { seconds: 'validation.setTimeInvalid' } });
  });
});

describe('loads shown', () => {
  it('shows kg to 0.01 with the locale separator and lb to 0.1', () => {
    expect(loadText(42.5, metric, 'pt-BR')).toBe('42,5');
    expect(loadText(1.25, measuresFor('metric', 'es-AR'), 'es-AR')).toBe('1,25');
    expect(loadText(61.23, us, 'en-US')).toBe('135');
    expect(loadText(null, metric, 'pt-BR')).toBe('');
  });

  it('reads back what it shows in pounds', () => {
    const stored = readLoad('135', us);
    expect(stored.ok && loadText(stored.value, us, 'en-US')).toBe('135');
  });
});
