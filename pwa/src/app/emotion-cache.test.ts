// @vitest-environment node
// In Node, as the build renders pages: emotion's cache then returns the rules it would insert.
import { describe, expect, it } from 'vitest';
import { createAppEmotionCache } from './emotion-cache.ts';

const rulesFor = (styles: string) => {
  const cache = createAppEmotionCache();
  return cache.insert('.card', { name: 'card', styles, next: undefined }, cache.sheet, false);
};

describe('the app’s emotion cache', () => {
  it('writes the styles as today’s browsers read them, without the prefixes of browsers long gone (a third of the page’s CSS)', () => {
    expect(rulesFor('display:flex;align-items:center;transition:opacity 1s;transform:scale(1);')).toBe('.card{display:flex;align-items:center;transition:opacity 1s;transform:scale(1);}');
  });

  it('keeps -webkit-user-select, which Safari still needs: a long press on a button must not select its label', () => {
    expect(rulesFor('user-select:none;')).toBe('.card{-webkit-user-select:none;user-select:none;}');
  });
});
