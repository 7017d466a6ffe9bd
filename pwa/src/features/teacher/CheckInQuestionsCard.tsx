import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CHECK_IN_QUESTION_MAX, CHECK_IN_QUESTIONS_MAX } from '#protocol/mutations/fields.ts';
import { useOnlineResource } from '#pwa/lib/use-online-resource.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { failureText } from './feedback.ts';
import { LoadError } from './LoadError.tsx';
import { teacherApi, teacherResources } from './teacher-api.ts';

const SLOTS = Array.from({ length: CHECK_IN_QUESTIONS_MAX }, (_, index) => index);

function QuestionsForm({ saved, onSaved }: { saved: string[]; onSaved: (questions: string[]) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [questions, setQuestions] = useState(() => SLOTS.map((index) => saved[index] ?? ''));
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      const result = await teacherApi.setCheckInQuestions(questions);
      onSaved(result.questions);
      setQuestions(SLOTS.map((index) => result.questions[index] ?? ''));
      showToast({ severity: 'success', title: t('teacher.checkInQuestions.saved') });
    } catch (error) {
      showToast({ severity: 'error', title: t('teacher.checkInQuestions.failed'), description: failureText(intl, error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={(event) => void save(event)} sx={{ gap: 1.5 }}>
      {SLOTS.map((index) => (
        <TextField
          key={index}
          size="small"
          label={t('teacher.checkInQuestions.question', { number: intl.formatNumber(index + 1) })}
          value={questions[index]}
          onChange={(event) => setQuestions((current) => current.map((question, at) => (at === index ? event.target.value : question)))}
          slotProps={{ htmlInput: { maxLength: CHECK_IN_QUESTION_MAX, 'data-testid': `check-in-question-${index + 1}` } }}
        />
      ))}
      <Button type="submit" variant="contained" disabled={saving} sx={{ alignSelf: 'flex-start' }} data-testid="check-in-questions-save">
        {t(saving ? 'teacher.checkInQuestions.saving' : 'teacher.checkInQuestions.save')}
      </Button>
    </Stack>
  );
}

/** The teacher's own questions for their students' weekly check-ins (issue 22, part 2), at most five. */
export function CheckInQuestionsCard() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const questions = useOnlineResource('check-in-questions', teacherResources.checkInQuestions);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="check-in-questions-title" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }} data-testid="check-in-questions">
      <Typography id="check-in-questions-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('teacher.checkInQuestions.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('teacher.checkInQuestions.description')}
      </Typography>
      {questions.error && !questions.data ? (
        <LoadError titleId="teacher.checkInQuestions.loadError" error={questions.error} retry={() => void questions.reload()} />
      ) : !questions.data ? (
        <Skeleton variant="rounded" height={200} />
      ) : (
        <QuestionsForm saved={questions.data.questions} onSaved={(saved) => questions.update(() => ({ questions: saved }))} />
      )}
    </Paper>
  );
}
