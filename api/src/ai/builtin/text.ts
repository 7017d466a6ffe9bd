/** Text helpers and words the built-in generators and catalog lookups share. */
import type { GoalType } from '#protocol/domain/client-enums.ts';
import type { Locale } from '#protocol/i18n/locales.ts';

/** Lower case, no accents, single spaces: ' Café da  Manhã' → 'cafe da manha'. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Folded words: 'Supino reto (barra)' → ['supino', 'reto', 'barra']. */
export function words(text: string): string[] {
  return fold(text).split(/[^a-z0-9]+/).filter((word) => word !== '');
}

/** '1.650' in pt-BR and es-AR, '1,650' in en-US; `digits` decimals at most. */
export function formatNumber(value: number, locale: Locale, digits = 0): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
}

/** Monday first, as a week plan reads. */
export const WEEKDAYS: Record<Locale, readonly string[]> = {
  'pt-BR': ['Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado', 'Domingo'],
  'es-AR': ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'],
  'en-US': ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
};

/** 'Frango grelhado' → 'frango grelhado', for a food named inside a sentence. */
export function lowerFirst(text: string, locale: Locale): string {
  return text.charAt(0).toLocaleLowerCase(locale) + text.slice(1);
}

/** A plan's goal as its title names it: 'Plano alimentar — perda de peso'. */
export const GOAL_LABELS: Record<Locale, Record<GoalType, string>> = {
  'pt-BR': {
    loseWeight: 'perda de peso',
    gainWeight: 'ganho de peso',
    maintainWeight: 'manutenção do peso',
    gainMuscle: 'ganho de massa muscular',
    improveHealth: 'saúde e bem-estar',
    tone: 'definição muscular',
  },
  'es-AR': {
    loseWeight: 'pérdida de peso',
    gainWeight: 'aumento de peso',
    maintainWeight: 'mantenimiento del peso',
    gainMuscle: 'aumento de masa muscular',
    improveHealth: 'salud y bienestar',
    tone: 'tonificación',
  },
  'en-US': {
    loseWeight: 'weight loss',
    gainWeight: 'weight gain',
    maintainWeight: 'weight maintenance',
    gainMuscle: 'muscle gain',
    improveHealth: 'health and well-being',
    tone: 'toning',
  },
};
