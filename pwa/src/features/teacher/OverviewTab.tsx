import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Money, TeacherDashboard } from '#protocol/contract/teacher.ts';
import { AiKeyCard } from './AiKeyCard.tsx';
import { CheckInQuestionsCard } from './CheckInQuestionsCard.tsx';
import { moneyTexts } from './format.ts';
import type { CoachCheckIn, CoachThreadSummary } from '#protocol/contract/messages.ts';
import { LoadError } from './LoadError.tsx';
import { CheckInsCard, MessagesCard } from './MessagesCard.tsx';

/** The six figures of SPEC §2, in its order. */
export const FIGURES = ['totalStudents', 'activeStudents', 'totalCommissions', 'thisMonthCommissions', 'availableToWithdraw', 'pendingPayouts'] as const;
type Figure = (typeof FIGURES)[number];

const gridSx = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 160px), 1fr))', gap: 2 } as const;

function FigureCard({ name, values }: { name: Figure; values: string[] }) {
  const intl = useIntl();
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {intl.formatMessage({ id: `teacher.figures.${name}` })}
      </Typography>
      <Box data-testid={`teacher-figure-${name}`} sx={{ mt: 0.5 }}>
        {values.map((value, index) => (
          <Typography key={index} variant="h5" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        ))}
      </Box>
    </Paper>
  );
}

/** SPEC §2 overview: students and money at a glance, and the teacher's AI key; the students waiting for an answer first (issue 22). */
export function OverviewTab({
  threads,
  checkIns,
  data,
  error,
  retry,
  onAiKeyChanged,
}: {
  threads: { data: { threads: CoachThreadSummary[] } | null; error: unknown; reload: () => Promise<void> };
  checkIns: { data: { checkIns: CoachCheckIn[] } | null; error: unknown; reload: () => Promise<void> };
  data: TeacherDashboard | null;
  error: unknown;
  retry: () => void;
  onAiKeyChanged: (hasAiKey: boolean) => void;
}) {
  const intl = useIntl();
  const messages = (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, gap: 2 }}>
      <MessagesCard threads={threads.data?.threads ?? null} error={threads.error} retry={() => void threads.reload()} />
      <CheckInsCard waiting={checkIns.data ? checkIns.data.checkIns.length : null} error={checkIns.error} retry={() => void checkIns.reload()} />
    </Box>
  );
  if (error && !data) {
    return (
      <Stack sx={{ gap: 3 }}>
        {messages}
        <LoadError error={error} retry={retry} />
      </Stack>
    );
  }
  if (!data) {
    return (
      <Stack sx={{ gap: 3 }}>
        {messages}
        <Box sx={gridSx} role="status" aria-busy="true" aria-label={intl.formatMessage({ id: 'teacher.loading' })}>
          {FIGURES.map((name) => (
            <Skeleton key={name} variant="rounded" height={88} />
          ))}
        </Box>
      </Stack>
    );
  }
  const text = (name: Figure): string[] => {
    const value = data[name];
    return typeof value === 'number' ? [intl.formatNumber(value)] : moneyTexts(value as Money[], intl.locale, data.currency);
  };
  return (
    <Stack sx={{ gap: 3 }}>
      {messages}
      <Box sx={gridSx}>
        {FIGURES.map((name) => (
          <FigureCard key={name} name={name} values={text(name)} />
        ))}
      </Box>
      <CheckInQuestionsCard />
      <AiKeyCard hasAiKey={data.hasAiKey} onChanged={onAiKeyChanged} />
    </Stack>
  );
}
