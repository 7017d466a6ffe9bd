import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_REST_SECONDS, restSeconds } from './rest-time.ts';

describe('restSeconds: the rest a plan prescribes, as coaches type it', () => {
  it.each([
    // Seconds, in the three languages and in shorthand.
    ['60s', 60],
    ['60 s', 60],
    ['45 seg', 45],
    ['90 segundos', 90],
    ['30 Segundos', 30],
    ['60 sec', 60],
    ['90 seconds', 90],
    ['90"', 90],
    ["90''", 90],
    ['Descanso de 45s entre as séries', 45],
    // Minutes.
    ['2 min', 120],
    ['2min', 120],
    ['1 minuto', 60],
    ['2 minutos', 120],
    ['3 minutes', 180],
    ["2'", 120],
    ['1,5 min', 90],
    ['1.5 min', 90],
    // Minutes and a half, and half a minute.
    ['1 minuto e meio', 90],
    ['um minuto e meio', 90],
    ['un minuto y medio', 90],
    ['1 minute and a half', 90],
    ['a minute and a half', 90],
    ['meio minuto', 30],
    ['medio minuto', 30],
    ['half a minute', 30],
    // Words for numbers.
    ['dois minutos', 120],
    ['dos minutos', 120],
    ['two minutes', 120],
    ['três minutos', 180],
    // Minutes and seconds together.
    ['1:30', 90],
    ['0:45', 45],
    ['1:30 min', 90],
    ['1m30s', 90],
    ['1 min 30 s', 90],
    ['1 min e 30 s', 90],
    ['1min30', 90],
    // A range: its lower bound, the least rest the coach asks for.
    ['1-2 min', 60],
    ['1–2 min', 60],
    ['60-90s', 60],
    ['60 a 90 segundos', 60],
    ['60 to 90 seconds', 60],
    ['2 a 3 minutos', 120],
    ['entre 1 e 2 minutos', 60],
    ['de 1 a 2 minutos', 60],
    ['60 hasta 90 seg', 60],
    // A number alone: seconds from 10 up, minutes below.
    ['90', 90],
    ['60-90', 60],
    ['2', 120],
    ['1,5', 90],
  ])('reads %j as %j s', (text, seconds) => {
    expect(restSeconds(text)).toBe(seconds);
  });

  it.each(['', '   ', 'livre', 'sem descanso', 'no rest', 'à vontade', 'o necessário', '0s', '0 min', '90 min', '2 horas', 'até a falha', 'x', 'descanso', 'ninguna'])(
    'gives no rest for %j (the session uses the client’s default)',
    (text) => {
      expect(restSeconds(text)).toBeNull();
    },
  );

  it.each([null, undefined])('gives no rest for %s', (text) => {
    expect(restSeconds(text)).toBeNull();
  });

  it('reads any whole number of seconds written with its unit, in any of the three languages, as itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_REST_SECONDS }), fc.constantFrom('s', ' s', 'seg', ' segundos', ' seconds', 'sec'), (seconds, unit) => {
        expect(restSeconds(`${seconds}${unit}`)).toBe(seconds);
      }),
    );
  });

  it('never gives a rest of nothing, a fraction of a second or over an hour, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const seconds = restSeconds(text);
        if (seconds !== null) {
          expect(Number.isInteger(seconds)).toBe(true);
          expect(seconds).toBeGreaterThan(0);
          expect(seconds).toBeLessThanOrEqual(MAX_REST_SECONDS);
        }
      }),
    );
  });
});
