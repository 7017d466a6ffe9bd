import { useIntl } from 'react-intl';
import { isUnitSystem, UNIT_SYSTEMS, type UnitSystem } from '#protocol/domain/units.ts';
import { NativeSelectField } from './NativeSelectField.tsx';

/** Metric (kg, cm) or US (lb, ft and in), as registration and Settings offer it (ADR 020). */
export function UnitSystemSelect({ value, onChange, id }: { value: UnitSystem; onChange: (system: UnitSystem) => void; id: string }) {
  const intl = useIntl();
  return (
    <NativeSelectField
      label={intl.formatMessage({ id: 'units.label' })}
      value={value}
      options={UNIT_SYSTEMS.map((system) => ({ value: system, label: intl.formatMessage({ id: `units.${system}` }) }))}
      onChange={(event) => {
        if (isUnitSystem(event.target.value)) onChange(event.target.value);
      }}
      fullWidth
      id={id}
      data-testid={id}
    />
  );
}
