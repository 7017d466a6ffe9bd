import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { DIETARY_RESTRICTIONS, MEDICAL_CONDITIONS } from '#protocol/domain/client-enums.ts';
import { capitalize } from '#pwa/lib/text.ts';

export type ChecklistGroup = 'dietaryRestrictions' | 'medicalConditions';

/** The catalog key of one option: `register.dietVegan`, `register.medicalHypertension`. */
export const optionLabelId = (group: ChecklistGroup, option: string) =>
  `register.${group === 'dietaryRestrictions' ? 'diet' : 'medical'}${capitalize(option)}`;

export const CHECKLIST_OPTIONS: Record<ChecklistGroup, readonly string[]> = {
  dietaryRestrictions: DIETARY_RESTRICTIONS,
  medicalConditions: MEDICAL_CONDITIONS,
};

interface AnswerChecklistProps {
  group: ChecklistGroup;
  selected: readonly string[];
  onChange: (next: string[]) => void;
  /** Medical conditions without the consent for health data (issue 22, part 4). */
  disabled?: boolean;
}

/** Dietary restrictions or medical conditions as checkboxes (SPEC §2), shared by registration and profile. */
export function AnswerChecklist({ group, selected, onChange, disabled = false }: AnswerChecklistProps) {
  const intl = useIntl();
  const toggle = (option: string) => onChange(selected.includes(option) ? selected.filter((o) => o !== option) : [...selected, option]);
  return (
    <Box component="fieldset" disabled={disabled} sx={{ border: 0, p: 0, m: 0 }} data-testid={`checklist-${group}`}>
      <FormLabel component="legend">{intl.formatMessage({ id: `register.${group}` })}</FormLabel>
      <FormGroup row>
        {CHECKLIST_OPTIONS[group].map((option) => (
          <FormControlLabel
            key={option}
            control={<Checkbox checked={selected.includes(option)} onChange={() => toggle(option)} disabled={disabled} />}
            label={intl.formatMessage({ id: optionLabelId(group, option) })}
          />
        ))}
      </FormGroup>
    </Box>
  );
}
