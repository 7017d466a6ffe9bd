import { describe, expect, it } from 'vitest';
import { flattenMessages } from '#protocol/i18n/messages.ts';
import { LOCALES } from '#protocol/i18n/locales.ts';
import { STAFF_ERROR_CODES } from '#protocol/errors.ts';
import { serverCatalogs, translate } from './translate.ts';

describe('server catalogs', () => {
  it.each(LOCALES)('%s has the keys of the other languages, none empty', (locale) => {
    const own = flattenMessages(serverCatalogs[locale]);
    for (const other of LOCALES) expect(Object.keys(own).sort()).toEqual(Object.keys(flattenMessages(serverCatalogs[other])).sort());
    expect(Object.values(own).filter((text) => text.trim() === '')).toEqual([]);
    for (const code of STAFF_ERROR_CODES) expect(own).toHaveProperty([`errors.${code}`]);
  });

  it('formats server texts and shared error messages in each language', () => {
    expect(translate('es-AR', 'notifications.dietPublished.message', { title: 'Dieta X' })).toBe('Se publicó la dieta "Dieta X". Mirala en Mis Contenidos.');
    expect(translate('en-US', 'errors.USER_HAS_ACTIVE_PLAN')).toBe('This user has an active plan and cannot be removed.');
    expect(translate('pt-BR', 'no.such.key')).toBe('no.such.key');
  });
});
