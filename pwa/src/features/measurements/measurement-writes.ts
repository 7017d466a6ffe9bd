import { useIntl } from 'react-intl';
import { MEASUREMENT_FIELDS, type BodyMeasurement, type MeasurementField } from '#protocol/conflict/rules.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { showToast, showUndoableToast } from '#pwa/lib/toast.ts';
import { write } from '#pwa/sync/user-data.ts';
import type { MeasurementValues } from './MeasurementFormDialog.tsx';

const valuesOf = (record: BodyMeasurement): MeasurementValues => Object.fromEntries(MEASUREMENT_FIELDS.map((field) => [field, record[field]])) as MeasurementValues;

/**
 * The writes of body measurements (issue 21), on this device first like every write (offline
 * too): a new record is a `measurement.add`; a correction a `measurement.update` of the fields that
 * changed, undone by writing the previous values back; a delete a `measurement.delete`, undone by
 * a copy under a new id with the same date and values. The toasts are worded here, where the
 * feature's strings are loaded.
 */
export function useMeasurementWrites() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const failed = (error: unknown) => {
    console.error('measurement.write', error);
    showToast({ severity: 'error', title: t('measurements.failedTitle'), description: t('measurements.failedDescription') });
  };
  const undoable = (title: string, undo: () => Promise<unknown>, undoneTitle: string) => showUndoableToast({ title, undoLabel: t('measurements.undo'), undo, undoneTitle, failed });

  const add = async (values: MeasurementValues) => {
    try {
      const now = new Date();
      await write('measurement.add', { id: uuidv7(now.getTime()), createdAt: now.toISOString(), ...values });
    } catch (error) {
      failed(error);
      throw error;
    }
    showToast({ severity: 'success', title: t('measurements.savedTitle'), description: t('measurements.savedDescription') });
  };

  const edit = async (record: BodyMeasurement, values: MeasurementValues) => {
    const changed: Partial<Record<MeasurementField, number | null>> = {};
    const previous: Partial<Record<MeasurementField, number | null>> = {};
    for (const field of MEASUREMENT_FIELDS) {
      if (values[field] === record[field]) continue;
      changed[field] = values[field];
      previous[field] = record[field];
    }
    if (Object.keys(changed).length === 0) return;
    try {
      await write('measurement.update', { id: record.id, ...changed });
    } catch (error) {
      failed(error);
      throw error;
    }
    undoable(t('measurements.updatedTitle'), () => write('measurement.update', { id: record.id, ...previous }), t('measurements.undoneTitle'));
  };

  const remove = async (record: BodyMeasurement, date: string) => {
    try {
      await write('measurement.delete', { id: record.id });
    } catch (error) {
      failed(error);
      return;
    }
    undoable(
      t('measurements.deletedTitle', { date }),
      () => write('measurement.add', { id: uuidv7(), createdAt: record.createdAt, ...valuesOf(record) }),
      t('measurements.restoredTitle'),
    );
  };

  return { add, edit, remove, valuesOf };
}
