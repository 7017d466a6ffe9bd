import { useIntl } from 'react-intl';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { isUnitSystem, UNIT_SYSTEMS, type UnitSystem } from '#protocol/domain/units.ts';

/** Metric (kg, cm) or US (lb, ft and in), as registration and Settings offer it (ADR 020). */
export function UnitSystemSelect({ value, onChange, id }: { value: UnitSystem; onChange: (system: UnitSystem) => void; id: string }) {
  const intl = useIntl();
  return (
    <TextField
      select
      label={intl.formatMessage({ id: 'units.label' })}
      value={value}
      onChange={(event) => {
        if (isUnitSystem(event.target.value)) onChange(event.target.value);
      }}
      fullWidth
      id={id}
      data-testid={id}
    >
      {UNIT_SYSTEMS.map((system) => (
        <MenuItem key={system} value={system}>
          {intl.formatMessage({ id: `units.${system}` })}
        </MenuItem>
      ))}
    </TextField>
  );
}
