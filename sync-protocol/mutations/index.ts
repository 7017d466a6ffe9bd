/**
 * Checks a mutation as it arrives (ARCHITECTURE §3). A client change is recorded as one of these
 * in the device's outbox and replayed on the server, which runs the same conflict rules
 * (../conflict) as the client; the envelope and names live in ./envelope.ts.
 */
import { ValidationError } from 'yup';
import type { ErrorCode } from '../errors.ts';
import { isHlc } from '../clock/hlc.ts';
import { isLocalDate } from '../domain/calendar.ts';
import { profileUpdateSchema } from '../schemas/clients.ts';
import { MUTATION_NAMES, MUTATION_VERSION, PROGRESS_FIELDS, type Mutation, type MutationArgs, type MutationName, type ProgressField } from './envelope.ts';
import {
  DEVICE_ID,
  checkBoolean,
  checkInstant,
  checkLevel,
  checkNotes,
  checkTimeZone,
  checkUuid,
  checkWeight,
  type Checked,
} from './fields.ts';

export * from './envelope.ts';

export type ParseResult = { ok: true; mutation: Mutation } | { ok: false; code: ErrorCode; field?: string; key?: string };

type ArgsCheck<N extends MutationName> = (args: Record<string, unknown>) => Checked<MutationArgs[N]> & { field?: string };

const failAt = (field: string, key: string) => ({ ok: false as const, key, field });

const ARGS: { [N in MutationName]: ArgsCheck<N> } = {
  'weight.add': (args) => {
    const id = checkUuid(args.id);
    if (!id.ok) return failAt('id', id.key);
    const weight = checkWeight(args.weight);
    if (!weight.ok) return failAt('weight', weight.key);
    const notes = checkNotes(args.notes);
    if (!notes.ok) return failAt('notes', notes.key);
    const createdAt = checkInstant(args.createdAt);
    if (!createdAt.ok) return failAt('createdAt', createdAt.key);
    return { ok: true, value: { id: id.value, weight: weight.value, notes: notes.value, createdAt: createdAt.value } };
  },
  'weight.update': (args) => {
    const id = checkUuid(args.id);
    if (!id.ok) return failAt('id', id.key);
    const value: MutationArgs['weight.update'] = { id: id.value };
    if (args.weight !== undefined) {
      const weight = checkWeight(args.weight);
      if (!weight.ok) return failAt('weight', weight.key);
      value.weight = weight.value;
    }
    if (args.notes !== undefined) {
      const notes = checkNotes(args.notes);
      if (!notes.ok) return failAt('notes', notes.key);
      value.notes = notes.value;
    }
    // A correction changes something: the weight, the notes (null takes them away) or both.
    if (value.weight === undefined && value.notes === undefined) return failAt('weight', 'validation.weightRequired');
    return { ok: true, value };
  },
  'weight.delete': (args) => {
    const id = checkUuid(args.id);
    return id.ok ? { ok: true, value: { id: id.value } } : failAt('id', id.key);
  },
  'progress.set': (args) => {
    const field = args.field;
    if (typeof field !== 'string' || !(PROGRESS_FIELDS as readonly string[]).includes(field)) return failAt('field', 'validation.invalidOption');
    const value = field === 'mood' || field === 'energy' ? checkLevel(args.value) : checkBoolean(args.value);
    return value.ok ? { ok: true, value: { field: field as ProgressField, value: value.value } } : failAt('value', value.key);
  },
  'progress.complete': () => ({ ok: true, value: {} }),
  'profile.update': (args) => {
    try {
      // Unknown fields refuse the change, as PUT /profile does: never applied in part, in silence (ADR 007).
      const fields = profileUpdateSchema.validateSync(args.fields ?? {}, { abortEarly: true, stripUnknown: false });
      return { ok: true, value: { fields } };
    } catch (error) {
      if (error instanceof ValidationError) return failAt(error.path || 'fields', typeof error.message === 'string' ? error.message : 'validation.invalidType');
      return failAt('fields', 'validation.invalidType');
    }
  },
  'notification.read': (args) => {
    const id = checkUuid(args.id);
    return id.ok ? { ok: true, value: { id: id.value } } : failAt('id', id.key);
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The seq of a raw mutation, if it has a usable one (a mutation without it cannot be consumed). */
export function rawSeq(raw: unknown): number | null {
  const seq = isRecord(raw) ? raw.seq : undefined;
  return typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 1 ? seq : null;
}

/** Validates one envelope and its arguments; never throws. */
export function parseMutation(raw: unknown): ParseResult {
  if (!isRecord(raw)) return { ok: false, code: 'VALIDATION_FAILED', field: 'mutation', key: 'validation.invalidType' };
  const { deviceId, seq, id, name, version, args, hlc, localDate, timeZone } = raw;
  if (typeof deviceId !== 'string' || !DEVICE_ID.test(deviceId)) return { ok: false, code: 'VALIDATION_FAILED', field: 'deviceId', key: 'validation.idInvalid' };
  if (rawSeq(raw) === null) return { ok: false, code: 'VALIDATION_FAILED', field: 'seq', key: 'validation.number' };
  if (!checkUuid(id).ok) return { ok: false, code: 'VALIDATION_FAILED', field: 'id', key: 'validation.idInvalid' };
  if (typeof name !== 'string' || !(MUTATION_NAMES as readonly string[]).includes(name)) return { ok: false, code: 'UNKNOWN_MUTATION', field: 'name' };
  if (version !== MUTATION_VERSION) return { ok: false, code: 'UNKNOWN_MUTATION', field: 'version' };
  if (!isHlc(hlc)) return { ok: false, code: 'VALIDATION_FAILED', field: 'hlc', key: 'validation.invalidType' };
  if (typeof localDate !== 'string' || !isLocalDate(localDate)) return { ok: false, code: 'VALIDATION_FAILED', field: 'localDate', key: 'validation.invalidDate' };
  const zone = checkTimeZone(timeZone);
  if (!zone.ok) return { ok: false, code: 'VALIDATION_FAILED', field: 'timeZone', key: zone.key };
  if (!isRecord(args)) return { ok: false, code: 'VALIDATION_FAILED', field: 'args', key: 'validation.invalidType' };
  const checked = ARGS[name as MutationName](args);
  if (!checked.ok) return { ok: false, code: 'VALIDATION_FAILED', field: `args.${checked.field ?? ''}`, key: checked.key };
  return {
    ok: true,
    mutation: { deviceId, seq: seq as number, id: id as string, name, version, args: checked.value, hlc, localDate, timeZone: zone.value } as Mutation,
  };
}
