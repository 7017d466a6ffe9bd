/**
 * Checks a mutation as it arrives (ARCHITECTURE §3). A client change is recorded as one of these
 * in the device's outbox and replayed on the server, which runs the same conflict rules
 * (../conflict) as the client; the envelope and names live in ./envelope.ts.
 */
import { ValidationError } from 'yup';
import type { ErrorCode } from '../errors.ts';
import { parseHlc, type Hlc } from '../clock/hlc.ts';
import { isLocalDate } from '../domain/calendar.ts';
import { profileUpdateSchema } from '../schemas/clients.ts';
import { messageKeyOf } from '../schemas/fields.ts';
import type { Mutation } from './envelope.ts';
import { MUTATORS } from './all.ts';
import { DEVICE_ID, checkBodyFat, checkBoolean, checkPhotoBytes, checkPixels, checkThumbnailBytes, checkInstant, checkLength, checkLevel, checkMessageBody, checkMessageCaption, checkLocalDate, checkCheckInAnswers, checkNotes, checkTimeZone, checkUuid, checkWeight, checkWeightOrNone, checkPosition, checkWeekday, checkExerciseName, checkPrescription, PHOTO_RECORD_ARGS, type Checked } from './fields.ts';
import { checkLoad, checkReps, checkSetSeconds } from './set-fields.ts';
import type { ArgRule, ArgSchema, Mutator } from './mutator.ts';

export * from './envelope.ts';
export { MUTATORS } from './all.ts';

/** A mutation as checked, with the mutator that applies it and its HLC as read (the server's clock merges it). */
export type ParseResult = { ok: true; mutation: Mutation; mutator: Mutator<string, unknown>; hlc: Hlc } | { ok: false; code: ErrorCode; field?: string; key?: string };

type Failure = { ok: false; key: string; field?: string };
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The profile's fields by the same yup schema as PUT /profile. Unknown fields refuse the change:
 * never applied in part, in silence (ADR 007).
 */
function checkProfileFields(value: unknown): Checked<unknown> & { field?: string } {
  if (value !== undefined && !isRecord(value)) return { ok: false, key: 'validation.invalidType' };
  try {
    return { ok: true, value: profileUpdateSchema.validateSync(value ?? {}, { abortEarly: true, stripUnknown: false }) };
  } catch (error) {
    if (error instanceof ValidationError) return { ok: false, field: error.path || undefined, key: messageKeyOf(error) };
    return { ok: false, key: 'validation.invalidType' };
  }
}

/** A message's photo (issue 22): its id and the photo's record by the rules of a progress photo's; other fields dropped. */
const MESSAGE_PHOTO = { args: { id: 'uuid', ...PHOTO_RECORD_ARGS } } as const;

function checkMessagePhoto(value: unknown): Checked<unknown> & { field?: string } {
  if (!isRecord(value)) return { ok: false, key: 'validation.invalidType' };
  const checked = checkArgs(MESSAGE_PHOTO, value);
  return checked.ok ? checked : { ...checked, field: `photo.${checked.field}` };
}

/** Each argument rule a mutator names (./mutator.ts `ArgRule`). */
const RULES: Record<ArgRule, (value: unknown) => Checked<unknown> & { field?: string }> = {
  uuid: checkUuid,
  weight: checkWeight,
  weightOrNone: checkWeightOrNone,
  notes: checkNotes,
  instant: checkInstant,
  boolean: checkBoolean,
  level: checkLevel,
  profileFields: checkProfileFields,
  length: checkLength,
  bodyFat: checkBodyFat,
  photoBytes: checkPhotoBytes,
  thumbnailBytes: checkThumbnailBytes,
  pixels: checkPixels,
  messageBody: checkMessageBody,
  messageCaption: checkMessageCaption,
  messagePhoto: checkMessagePhoto,
  localDate: checkLocalDate,
  checkInAnswers: checkCheckInAnswers,
  reps: checkReps,
  load: checkLoad,
  setSeconds: checkSetSeconds,
  position: checkPosition,
  weekday: checkWeekday,
  exerciseName: checkExerciseName,
  prescription: checkPrescription,
};

type ArgCheck = (value: unknown) => Checked<unknown> & { field?: string };

const UNDEFINED_OK = { ok: true as const, value: undefined };

/** The check of one argument rule: a rule's name (optional with `?`) or the list of allowed values. */
export function argCheck(schema: ArgSchema): ArgCheck {
  if (typeof schema !== 'string') return (value) => (typeof value === 'string' && schema.includes(value) ? { ok: true, value } : { ok: false, key: 'validation.invalidOption' });
  if (!schema.endsWith('?')) return RULES[schema as ArgRule];
  const rule = RULES[schema.slice(0, -1) as ArgRule];
  return (value) => (value === undefined ? UNDEFINED_OK : rule(value));
}

type CompiledArgs = { name: string; check: ArgCheck | ((args: Record<string, unknown>) => ArgCheck) ; dynamic: boolean }[];
/** Each mutator's schema worked out once: a push checks up to a thousand mutations per request. */
const compiled = new WeakMap<object, CompiledArgs>();

function compile(mutator: Pick<Mutator<string, unknown>, 'args'>): CompiledArgs {
  let entries = compiled.get(mutator);
  if (!entries) {
    entries = Object.entries(mutator.args as Record<string, ArgSchema | ((args: Record<string, unknown>) => ArgSchema)>).map(([name, rule]) =>
      typeof rule === 'function' ? { name, check: (args: Record<string, unknown>) => argCheck(rule(args)), dynamic: true } : { name, check: argCheck(rule), dynamic: false },
    );
    compiled.set(mutator, entries);
  }
  return entries;
}

/** A mutator's arguments by its schema and cross-argument rule: the arguments as applied, or where they fail. */
export function checkArgs(mutator: Pick<Mutator<string, unknown>, 'args' | 'refine'>, args: Record<string, unknown>): { ok: true; value: unknown } | Failure {
  const value: Record<string, unknown> = {};
  for (const { name, check, dynamic } of compile(mutator)) {
    const checked = dynamic ? (check as (args: Record<string, unknown>) => ArgCheck)(args)(args[name]) : (check as ArgCheck)(args[name]);
    if (!checked.ok) return { ok: false, key: checked.key, field: checked.field ?? name };
    if (checked.value !== undefined) value[name] = checked.value;
  }
  const refused = mutator.refine?.(value);
  return refused ? { ok: false, ...refused } : { ok: true, value };
}

/** Arguments of an older version brought up to the mutator's, or null when no upgrade reaches it. */
export function upgradeArgs(mutator: Pick<Mutator, 'version' | 'upgrade'>, version: number, args: Record<string, unknown>): Record<string, unknown> | null {
  let upgraded = args;
  for (let from = version; from < mutator.version; from++) {
    const step = mutator.upgrade?.[from];
    if (!step) return null;
    upgraded = step(upgraded);
  }
  return upgraded;
}


/** The seq of a raw mutation, if it has a usable one (a mutation without it cannot be consumed). */
export function rawSeq(raw: unknown): number | null {
  const seq = isRecord(raw) ? raw.seq : undefined;
  return typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 1 ? seq : null;
}

let lastDeviceId = '';
/** A device id; the last one that passed is remembered, as a push's mutations all come from one device. */
function isDeviceId(value: string): boolean {
  if (value === lastDeviceId) return true;
  if (!DEVICE_ID.test(value)) return false;
  lastDeviceId = value;
  return true;
}

const indexes = new WeakMap<readonly Mutator<string, unknown>[], Map<string, Mutator<string, unknown>>>();
/** The mutators by name, indexed once per list. */
function byName(mutators: readonly Mutator<string, unknown>[]): Map<string, Mutator<string, unknown>> {
  let index = indexes.get(mutators);
  if (!index) indexes.set(mutators, (index = new Map(mutators.map((mutator) => [mutator.name, mutator]))));
  return index;
}

/**
 * Validates one envelope and its arguments against the mutators given (the app's own, or a test's);
 * never throws. An older version is upgraded first; a newer one than this build knows is refused.
 */
export function parseMutationWith(mutators: readonly Mutator<string, unknown>[], raw: unknown): ParseResult {
  if (!isRecord(raw)) return { ok: false, code: 'VALIDATION_FAILED', field: 'mutation', key: 'validation.invalidType' };
  const { deviceId, seq, id, name, version, args, hlc, localDate, timeZone } = raw;
  if (typeof deviceId !== 'string' || !isDeviceId(deviceId)) return { ok: false, code: 'VALIDATION_FAILED', field: 'deviceId', key: 'validation.idInvalid' };
  if (rawSeq(raw) === null) return { ok: false, code: 'VALIDATION_FAILED', field: 'seq', key: 'validation.number' };
  if (!checkUuid(id).ok) return { ok: false, code: 'VALIDATION_FAILED', field: 'id', key: 'validation.idInvalid' };
  const mutator = typeof name === 'string' ? byName(mutators).get(name) : undefined;
  if (!mutator) return { ok: false, code: 'UNKNOWN_MUTATION', field: 'name' };
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1 || version > mutator.version) return { ok: false, code: 'UNKNOWN_MUTATION', field: 'version' };
  const stamp = typeof hlc === 'string' ? parseHlc(hlc) : null;
  if (!stamp) return { ok: false, code: 'VALIDATION_FAILED', field: 'hlc', key: 'validation.invalidType' };
  if (typeof localDate !== 'string' || !isLocalDate(localDate)) return { ok: false, code: 'VALIDATION_FAILED', field: 'localDate', key: 'validation.invalidDate' };
  const zone = checkTimeZone(timeZone);
  if (!zone.ok) return { ok: false, code: 'VALIDATION_FAILED', field: 'timeZone', key: zone.key };
  if (!isRecord(args)) return { ok: false, code: 'VALIDATION_FAILED', field: 'args', key: 'validation.invalidType' };
  const current = upgradeArgs(mutator, version, args);
  if (!current) return { ok: false, code: 'UNKNOWN_MUTATION', field: 'version' };
  const checked = checkArgs(mutator, current);
  if (!checked.ok) return { ok: false, code: 'VALIDATION_FAILED', field: `args.${checked.field ?? ''}`, key: checked.key };
  return {
    ok: true,
    // Upgraded: from here on it is the mutator's current version.
    mutation: { deviceId, seq: seq as number, id: id as string, name, version: mutator.version, args: checked.value, hlc, localDate, timeZone: zone.value } as Mutation,
    mutator,
    hlc: stamp,
  };
}

/** Validates one envelope against this build's mutators; never throws. */
export const parseMutation = (raw: unknown): ParseResult => parseMutationWith(MUTATORS as readonly Mutator<string, unknown>[], raw);
