import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { loadMeasurementMessages } from './i18n/messages.ts';
import { MeasurementFormDialog } from './MeasurementFormDialog.tsx';
import { useMeasurementWrites } from './measurement-writes.ts';

function NewMeasurement({ onClose }: { onClose: () => void }) {
  const { add } = useMeasurementWrites();
  return <MeasurementFormDialog titleId="measurements.formTitle" onClose={onClose} onSave={add} />;
}

/** The form for new measurements with its strings, loaded when it is first opened. */
export function NewMeasurementDialog({ onClose }: { onClose: () => void }) {
  return (
    <FeatureMessages load={loadMeasurementMessages} fallback={null}>
      <NewMeasurement onClose={onClose} />
    </FeatureMessages>
  );
}
