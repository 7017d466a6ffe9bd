import { useState } from 'react';
import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import { showToast } from '#pwa/lib/toast.ts';
import { failureText } from './feedback.ts';
import { StatusChip } from './StatusChip.tsx';
import { teacherApi } from './teacher-api.ts';

/**
 * The teacher's own AI-provider key (SPEC §2): whether one is stored, a field to store or replace
 * it, and a way to remove it. The key is written once and never read back.
 */
export function AiKeyCard({ hasAiKey, onChanged }: { hasAiKey: boolean; onChanged: (hasAiKey: boolean) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState<'save' | 'remove' | null>(null);

  const send = async (aiKey: string | null) => {
    setBusy(aiKey === null ? 'remove' : 'save');
    try {
      const result = await teacherApi.setAiKey(aiKey);
      onChanged(result.hasAiKey);
      setValue('');
      showToast({ severity: 'success', title: t(aiKey === null ? 'teacher.aiKey.removed' : 'teacher.aiKey.saved') });
    } catch (error) {
      console.error('teacher.aiKey', error);
      showToast({ severity: 'error', title: t('teacher.aiKey.failed'), description: failureText(intl, error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="ai-key-title" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <KeyIcon color="action" aria-hidden="true" />
        <Typography id="ai-key-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('teacher.aiKey.title')}
        </Typography>
        <StatusChip tone={hasAiKey ? 'success' : 'default'} label={t(hasAiKey ? 'teacher.aiKey.has' : 'teacher.aiKey.none')} testId="ai-key-status" />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('teacher.aiKey.description')}
      </Typography>
      <Stack
        component="form"
        noValidate
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1.5, alignItems: { sm: 'flex-start' } }}
        onSubmit={(event) => {
          event.preventDefault();
          if (value.trim() !== '') void send(value.trim());
        }}
      >
        <TextField
          id="ai-key-input"
          type="password"
          size="small"
          label={t('teacher.aiKey.input')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          helperText={t('teacher.aiKey.note')}
          autoComplete="off"
          sx={{ flexGrow: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'ai-key-input', maxLength: 300, spellCheck: false } }}
        />
        <Button type="submit" variant="contained" disabled={busy !== null || value.trim() === ''} data-testid="ai-key-save" sx={{ whiteSpace: 'nowrap' }}>
          {t(busy === 'save' ? 'teacher.aiKey.saving' : hasAiKey ? 'teacher.aiKey.replace' : 'teacher.aiKey.save')}
        </Button>
        {hasAiKey && (
          <Button color="error" disabled={busy !== null} onClick={() => void send(null)} data-testid="ai-key-remove" sx={{ whiteSpace: 'nowrap' }}>
            {t('teacher.aiKey.remove')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
