/**
 * Text as people type it, made comparable: lower case, no accents ("Elevação" → "elevacao").
 * Lower case first: some capitals gain an accent when lowered ('İ' → 'i̇').
 */
export const foldText = (text: string): string => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
