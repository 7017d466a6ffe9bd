import { describe, expect, it } from 'vitest';
import { fitWithin } from './encode-photo.ts';

describe('fitWithin', () => {
  it('scales a 4000 × 3000 camera photo to 1600 × 1200', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
  });

  it('scales a portrait photo by its height', () => {
    expect(fitWithin(3024, 4032, 320)).toEqual({ width: 240, height: 320 });
  });

  it('never enlarges a small photo', () => {
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
  });

  it('keeps a very thin image at least one pixel wide', () => {
    expect(fitWithin(10_000, 2, 1600)).toEqual({ width: 1600, height: 1 });
  });
});
