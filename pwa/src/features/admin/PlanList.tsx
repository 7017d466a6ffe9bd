import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PlanKind } from './admin-api.ts';

interface PlanItem {
  id: string;
  title: string;
  status: 'draft' | 'published';
  createdAt: string;
  publishedAt: string | null;
  /** The filled texts that read as nothing (ADR 024): the author should fix them. */
  unreadable: readonly string[];
  /** Made on publishing, per other language; `complete` false when some texts stayed as written. */
  translations: Partial<Record<string, { complete: boolean }>>;
}

const HEADINGS: Record<PlanKind, { title: string; empty: string }> = {
  diet: { title: 'admin.detail.diets', empty: 'admin.detail.noDiets' },
  workout: { title: 'admin.detail.workouts', empty: 'admin.detail.noWorkouts' },
};

/**
 * SPEC §2 lists of a user's diets or workouts, drafts included, each with publish, edit and delete;
 * a published one also with the review of its translations (ADR 024).
 */
export function PlanList<P extends PlanItem>({
  kind,
  plans,
  onPublish,
  onEdit,
  onReviewTranslation,
  onDelete,
}: {
  kind: PlanKind;
  plans: P[];
  onPublish: (plan: P) => void;
  onEdit: (plan: P) => void;
  onReviewTranslation: (plan: P) => void;
  onDelete: (plan: P) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const date = (iso: string) => (Number.isFinite(Date.parse(iso)) ? intl.formatDate(iso, { dateStyle: 'medium' }) : t('admin.invalidDate'));
  const headingId = `admin-${kind}s-heading`;
  const languageNames = new Intl.DisplayNames(intl.locale, { type: 'language' });
  return (
    <section aria-labelledby={headingId}>
      <Typography variant="h6" component="h3" id={headingId} sx={{ mb: 1 }}>
        {t(HEADINGS[kind].title)}
      </Typography>
      {plans.length === 0 ? (
        <Typography color="text.secondary">{t(HEADINGS[kind].empty)}</Typography>
      ) : (
        <Stack component="ul" sx={{ gap: 1, p: 0, m: 0, listStyle: 'none' }} data-testid={`admin-${kind}s`}>
          {plans.map((plan) => {
            const published = plan.status === 'published';
            // Each button says which plan it acts on: its name is the action, its description the title.
            const titleId = `admin-${kind}-${plan.id}-title`;
            const incomplete = Object.entries(plan.translations)
              .filter(([, translation]) => translation?.complete === false)
              .map(([locale]) => locale);
            return (
              <Card component="li" variant="outlined" key={plan.id} data-testid={`admin-${kind}-${plan.id}`}>
                <CardContent>
                  <Stack direction="row" sx={{ gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
                    <Typography id={titleId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {plan.title}
                    </Typography>
                    <Chip
                      size="small"
                      color={published ? 'success' : 'default'}
                      label={t(published ? 'admin.status.published' : 'admin.status.draft')}
                      data-testid="admin-plan-status"
                    />
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {t('admin.detail.createdAt', { date: date(plan.createdAt) })}
                    {plan.publishedAt && ` · ${t('admin.detail.publishedAt', { date: date(plan.publishedAt) })}`}
                  </Typography>
                  {incomplete.length > 0 && (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="admin-plan-translation-incomplete">
                      {t('admin.detail.translationIncomplete', { languages: intl.formatList(incomplete.map((locale) => languageNames.of(locale) ?? locale)) })}
                    </Typography>
                  )}
                  {plan.unreadable.length > 0 && (
                    <Typography variant="body2" color="warning.main" sx={{ mt: 0.5 }} data-testid="admin-plan-unreadable">
                      {t('admin.detail.unreadable', { fields: intl.formatList(plan.unreadable.map((field) => t(`admin.form.${field}`))) })}
                    </Typography>
                  )}
                  <Stack direction="row" sx={{ gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
                    <Button size="small" variant="contained" disabled={published} onClick={() => onPublish(plan)} aria-describedby={titleId} data-testid="admin-plan-publish">
                      {t('admin.detail.publish')}
                    </Button>
                    <Button size="small" variant="outlined" onClick={() => onEdit(plan)} aria-describedby={titleId} data-testid="admin-plan-edit">
                      {t('admin.detail.edit')}
                    </Button>
                    {published && (
                      <Button size="small" variant="outlined" onClick={() => onReviewTranslation(plan)} aria-describedby={titleId} data-testid="admin-plan-translation">
                        {t('admin.translation.review')}
                      </Button>
                    )}
                    <Button size="small" color="error" onClick={() => onDelete(plan)} aria-describedby={titleId} data-testid="admin-plan-delete">
                      {t('admin.detail.delete')}
                    </Button>
                  </Stack>
                </CardContent>
              </Card>
            );
          })}
        </Stack>
      )}
    </section>
  );
}
