import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';

/**
 * Properties Safari still reads only with its prefix, among those the app's styles use (MUI's
 * buttons set `user-select: none`). stylis' prefixer, emotion's default, also wrote every flex,
 * transition and transform three more times for browsers from before 2015: a third of the rendered
 * dashboard's CSS, parsed and matched on every load by the phones this is for (ADR 026).
 */
const WEBKIT_ONLY = new Set(['user-select']);

const webkitPrefixes: StylisPlugin = (element) => {
  // A declaration's value is the whole declaration ("user-select:none;"), as stylis' prefixer reads it.
  if (element.type === 'decl' && typeof element.props === 'string' && WEBKIT_ONLY.has(element.props) && !element.return) element.return = `-webkit-${element.value}${element.value}`;
};

/**
 * The emotion cache of the app and of the pages the build renders (the same plugins give the same
 * rules; the key names the page's style tags, which the browser's cache adopts). Not emotion's
 * default `css` key: the default cache, created as @emotion/react loads, would adopt them first.
 */
export const createAppEmotionCache = (): EmotionCache => createCache({ key: 'leve', stylisPlugins: [webkitPrefixes] });
