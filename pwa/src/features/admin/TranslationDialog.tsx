import { useState } from 'react';
import { useIntl } from 'react-intl';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { DietPlanDto, WorkoutPlanDto } from '#protocol/contract/plans.ts';
import { planTextKey } from '#protocol/domain/plan-content.ts';
import { LOCALES, type Locale } from '#protocol/i18n/locales.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { adminApi } from './admin-api.ts';
import { failureText } from './feedback.ts';
import { translatedTexts, type TranslatedText } from './translation-texts.ts';

export type TranslationTarget = { kind: 'diet'; plan: DietPlanDto } | { kind: 'workout'; plan: WorkoutPlanDto };

const keyOf = (text: TranslatedText) => planTextKey(text.kind, text.source);

/**
 * The author reviews a published plan in each language it was translated into and corrects it
 * (issue 19, part 5; ADR 024). Every text is shown beside its original; what reads the same as
 * the original is pointed out. Saving sends, per language, the words that differ from the
 * original: they become the author's, kept through later translations of the plan.
 */
export function TranslationDialog({ target, onClose, onSaved }: { target: TranslationTarget; onClose: () => void; onSaved: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const languageNames = new Intl.DisplayNames(intl.locale, { type: 'language' });
  const languages = LOCALES.filter((locale) => locale !== target.plan.language);
  const [language, setLanguage] = useState<Locale>(languages[0] as Locale);
  const [texts] = useState(() => new Map(languages.map((locale) => [locale, translatedTexts(target, locale)])));
  const [words, setWords] = useState<Partial<Record<Locale, Record<string, string>>>>({});
  const [saving, setSaving] = useState(false);

  const shown = texts.get(language) ?? [];
  const valueOf = (locale: Locale, text: TranslatedText) => words[locale]?.[keyOf(text)] ?? text.translated;
  const changed = languages.filter((locale) => (texts.get(locale) ?? []).some((text) => valueOf(locale, text).trim() !== text.translated));

  const save = async () => {
    setSaving(true);
    try {
      for (const locale of changed) {
        const edited = (texts.get(locale) ?? [])
          .map((text) => ({ kind: text.kind, source: text.source, text: valueOf(locale, text).trim() }))
          .filter((text) => text.text !== '' && text.text !== text.source);
        await adminApi.editTranslation(target.kind, target.plan.id, { locale, texts: edited });
      }
      showToast({ severity: 'success', title: t('admin.translation.saved') });
      onSaved();
    } catch (failure) {
      console.error('admin.translation', failure);
      showToast({ severity: 'error', title: t('admin.translation.saveFailed'), description: failureText(intl, failure) });
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="translation-dialog-title" data-testid="translation-dialog">
      <DialogTitle id="translation-dialog-title">{t('admin.translation.title', { title: target.plan.title })}</DialogTitle>
      <Tabs value={language} onChange={(_, value: Locale) => setLanguage(value)} variant="fullWidth" aria-label={t('admin.translation.languages')}>
        {languages.map((locale) => (
          <Tab key={locale} value={locale} label={languageNames.of(locale) ?? locale} id={`translation-tab-${locale}`} aria-controls="translation-panel" data-testid={`translation-tab-${locale}`} />
        ))}
      </Tabs>
      <DialogContent dividers id="translation-panel" role="tabpanel" aria-labelledby={`translation-tab-${language}`}>
        <DialogContentText sx={{ mb: 2 }}>{t('admin.translation.intro')}</DialogContentText>
        {shown.length === 0 ? (
          <Alert severity="info" data-testid="translation-missing">
            {t('admin.translation.missing')}
          </Alert>
        ) : (
          <Stack component="ol" sx={{ gap: 2, p: 0, m: 0, listStyle: 'none' }}>
            {shown.map((text, i) => {
              const value = valueOf(language, text);
              const same = value.trim() === text.source;
              return (
                <Stack component="li" key={`${language}-${keyOf(text)}`} role="group" aria-labelledby={`translation-source-${i}`}>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {t(text.field === 'objective' ? 'admin.translation.objective' : text.field ? `admin.form.${text.field}` : `admin.translation.kinds.${text.kind}`)}
                  </Typography>
                  <Typography sx={{ overflowWrap: 'anywhere', mb: 0.5 }} id={`translation-source-${i}`}>
                    {text.source}
                  </Typography>
                  <TextField
                    fullWidth
                    size="small"
                    multiline
                    label={t('admin.translation.fieldLabel', { language: languageNames.of(language) ?? language })}
                    value={value}
                    onChange={(event) => setWords((current) => ({ ...current, [language]: { ...current[language], [keyOf(text)]: event.target.value } }))}
                    helperText={same ? t('admin.translation.sameAsOriginal') : undefined}
                    slotProps={{ htmlInput: { 'data-testid': 'translation-text' }, formHelperText: { sx: { color: 'warning.main' } } }}
                  />
                </Stack>
              );
            })}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('admin.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving || changed.length === 0} data-testid="translation-save">
          {saving ? t('admin.saving') : t('admin.translation.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
