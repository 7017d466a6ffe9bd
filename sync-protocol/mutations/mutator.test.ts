import { describe, expect, it } from 'vitest';
import { formatHlc } from '../clock/hlc.ts';
import { createMemoryStore } from '../replica.ts';
import { parseMutation, parseMutationWith, MUTATORS } from './index.ts';
import { changedResult, defineMutator, runMutator, runMutatorAsync, use, type AsyncMutatorStorage, type Mutator, type MutatorContext, type MutatorRun } from './mutator.ts';
import { MAX_PHOTO_BYTES, PHOTO_RECORD_ARGS } from './fields.ts';
import { messageDelete } from './message-delete.ts';
import { messageSend } from './message-send.ts';
import { photoDelete } from './photo-delete.ts';
import { useAll } from './use-all.ts';
import { weightAdd } from './weight-add.ts';
import { weightUpdate } from './weight-update.ts';

const ID = '0190a0b0-0000-7000-8000-000000000001';
const hlc = (millis: number) => formatHlc({ millis: Date.UTC(2026, 0, 1) + millis, counter: 0, node: 'dev_aaaaaaaa' });
const envelope = (name: string, version: number, args: Record<string, unknown>) => ({
  deviceId: 'dev_aaaaaaaa', seq: 1, id: '0190a0b0-0000-7000-8000-0000000000ff', name, version, args, hlc: hlc(1), localDate: '2026-01-01', timeZone: 'America/Sao_Paulo',
});
const context = (overrides: Partial<MutatorContext> = {}): MutatorContext => ({
  hlc: hlc(1), localDate: '2026-01-01', now: Date.UTC(2026, 0, 2), ...overrides,
});

/**
 * A mutator at version 2 whose version 1 named its argument differently: what a change of
 * arguments looks like once devices in the wild still send the old shape.
 */
const noteSet = defineMutator({
  name: 'weight.note',
  version: 2,
  upgrade: { 1: ({ note, ...rest }) => ({ ...rest, notes: note }) },
  tables: ['weightRecords'],
  args: { id: 'uuid', notes: 'notes' },
  *apply(args: { id: string; notes: string | null }) {
    const record = yield* use((storage) => storage.weightRecords.get(args.id));
    if (record) yield* use((storage) => storage.weightRecords.put({ ...record, notes: args.notes }));
    return changedResult;
  },
});
const withNoteSet = [...MUTATORS, noteSet] as readonly Mutator<string, unknown>[];

describe('mutation versions', () => {
  it('upgrades an older version’s arguments to the current one instead of refusing them', () => {
    const parsed = parseMutationWith(withNoteSet, envelope('weight.note', 1, { id: ID, note: ' em jejum ' }));
    expect(parsed).toMatchObject({ ok: true, mutation: { name: 'weight.note', version: 2, args: { id: ID, notes: 'em jejum' } } });
  });

  it('checks the upgraded arguments as it checks current ones', () => {
    expect(parseMutationWith(withNoteSet, envelope('weight.note', 1, { id: ID, note: 5 }))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', field: 'args.notes' });
  });

  it('refuses a version newer than this build knows, and one no upgrade reaches', () => {
    expect(parseMutationWith(withNoteSet, envelope('weight.note', 3, { id: ID, notes: null }))).toMatchObject({ ok: false, code: 'UNKNOWN_MUTATION', field: 'version' });
    expect(parseMutationWith(withNoteSet, envelope('weight.note', 0, { id: ID, note: null }))).toMatchObject({ ok: false, code: 'UNKNOWN_MUTATION', field: 'version' });
  });

  it('knows each of the app’s mutations by one definition, at the version devices write', () => {
    const names = MUTATORS.map((mutator) => mutator.name);
    expect(new Set(names).size).toBe(names.length);
    for (const mutator of MUTATORS) expect(parseMutation(envelope(mutator.name, mutator.version + 1, {}))).toMatchObject({ ok: false, code: 'UNKNOWN_MUTATION' });
  });
});

describe('envelope checks', () => {
  it('checks each device id of a stream on its own, a valid one before or after an invalid one', () => {
    const from = (deviceId: string) => parseMutation({ ...envelope('weight.delete', 1, { id: ID }), deviceId });
    for (const deviceId of ['dev_aaaaaaaa', 'dev aaaaaaa', 'dev_aaaaaaaa', 'dev_a', 'dev_bbbbbbbb', 'dev_aaaaaaaa!']) {
      expect(from(deviceId).ok, deviceId).toBe(/^[A-Za-z0-9_-]{8,64}$/.test(deviceId));
    }
  });
});

describe('one apply, two drivers', () => {
  it('gives the same rows and results whether the storage answers at once (server) or with promises (device)', async () => {
    const add = { id: ID, weight: 84.2, notes: null, createdAt: '2026-01-01T08:00:00.000Z' };
    const onServer = createMemoryStore();
    const onDevice = createMemoryStore();
    const results = {
      server: [
        runMutator(weightAdd.apply(add, context()), onServer.synchronous),
        runMutator(weightUpdate.apply({ id: ID, weight: 83.9 }, context({ hlc: hlc(5) })), onServer.synchronous),
        runMutator(weightUpdate.apply({ id: ID, weight: 99 }, context({ hlc: hlc(2) })), onServer.synchronous),
      ],
      device: [
        await runMutatorAsync(weightAdd.apply(add, context()), onDevice.mutable),
        await runMutatorAsync(weightUpdate.apply({ id: ID, weight: 83.9 }, context({ hlc: hlc(5) })), onDevice.mutable),
        await runMutatorAsync(weightUpdate.apply({ id: ID, weight: 99 }, context({ hlc: hlc(2) })), onDevice.mutable),
      ],
    };
    expect(results.server.map((r) => r.ok && r.changed)).toEqual([true, true, false]);
    expect(results.device.map((r) => r.ok && r.changed)).toEqual([true, true, false]);
    expect(onDevice.rows.weightRecords.get(ID)).toEqual(onServer.rows.weightRecords.get(ID));
    expect(onServer.rows.weightRecords.get(ID)).toMatchObject({ weight: 83.9, hlcs: { weight: hlc(5) } });
  });

  it('sends the reads of a useAll together on the device, one after another on the server, with the same answers in order', async () => {
    const OTHER = '0190a0b0-0000-7000-8000-000000000002';
    const store = createMemoryStore();
    runMutator(weightAdd.apply({ id: ID, weight: 84.2, notes: null, createdAt: '2026-01-01T08:00:00.000Z' }, context()), store.synchronous);
    const answers: unknown[][] = [];
    function* reads(): MutatorRun {
      answers.push(yield* useAll((storage) => storage.weightRecords.get(ID), (storage) => storage.weightRecords.get(OTHER), (storage) => storage.workoutSets.get(ID)));
      return changedResult;
    }
    runMutator(reads(), store.synchronous);
    // The device's storage: each answer a turn later, and a log of when each read went out and came back.
    const log: string[] = [];
    const later = <T>(what: string, answer: () => T) => {
      log.push(`read ${what}`);
      return Promise.resolve().then(() => (log.push(`answer ${what}`), answer()));
    };
    const device = {
      ...store.mutable,
      weightRecords: { ...store.mutable.weightRecords, get: (key: string) => later(`weight ${key}`, () => store.synchronous.weightRecords.get(key)) },
      workoutSets: { ...store.mutable.workoutSets, get: (key: string) => later(`set ${key}`, () => store.synchronous.workoutSets.get(key)) },
    } as AsyncMutatorStorage;
    await runMutatorAsync(reads(), device);
    expect(answers[0]).toEqual([store.rows.weightRecords.get(ID), undefined, undefined]);
    expect(answers[1]).toEqual(answers[0]);
    expect(log).toEqual([`read weight ${ID}`, `read weight ${OTHER}`, `read set ${ID}`, `answer weight ${ID}`, `answer weight ${OTHER}`, `answer set ${ID}`]);
  });

  it('dates a weigh-in from a device clock running ahead at the now of the side that applies it', () => {
    const store = createMemoryStore();
    const now = Date.UTC(2026, 0, 1, 8);
    runMutator(weightAdd.apply({ id: ID, weight: 84.2, notes: null, createdAt: '2026-01-03T08:00:00.000Z' }, context({ now })), store.synchronous);
    expect(store.rows.weightRecords.get(ID)?.createdAt).toBe(new Date(now).toISOString());
  });
});

describe('a message with a photo (issue 22)', () => {
  const PHOTO = { id: '0190a0b0-0000-7000-8000-0000000000a1', contentType: 'image/webp', bytes: 4000, thumbnailBytes: 500, width: 1200, height: 900 };
  const send = (args: Record<string, unknown>) => parseMutation(envelope('message.send', 2, { id: ID, createdAt: '2026-01-01T08:00:00.000Z', ...args }));

  it('takes a text-only message of version 1 as it was, and lets the text be empty only beside a photo', () => {
    expect(parseMutation(envelope('message.send', 1, { id: ID, createdAt: '2026-01-01T08:00:00.000Z', body: ' Oi ' }))).toMatchObject({ ok: true, mutation: { version: 2, args: { body: 'Oi' } } });
    expect(send({ body: ' ' })).toMatchObject({ ok: false, field: 'args.body' });
    expect(send({ body: ' ', photo: PHOTO })).toMatchObject({ ok: true, mutation: { args: { body: '', photo: PHOTO } } });
    expect(send({ photo: { ...PHOTO, extra: 'dropped' } })).toMatchObject({ ok: true, mutation: { args: { body: '', photo: PHOTO } } });
    expect(send({ body: 'Oi', photo: { ...PHOTO, contentType: 'image/gif' } })).toMatchObject({ ok: false, field: 'args.photo.contentType' });
    expect(send({ body: 'Oi', photo: { ...PHOTO, width: 4000 } })).toMatchObject({ ok: false, field: 'args.photo.width' });
    expect(send({ body: 'Oi', photo: [PHOTO] })).toMatchObject({ ok: false, field: 'args.photo' });
  });

  it('checks each field of the photo by the progress photo’s rule (PHOTO_RECORD_ARGS), with the same answer', () => {
    const progress = (photo: Record<string, unknown>) => parseMutation(envelope('photo.add', 1, { ...photo, createdAt: '2026-01-01T08:00:00.000Z', pose: 'front' }));
    const bad = { contentType: 'image/gif', bytes: MAX_PHOTO_BYTES + 1, thumbnailBytes: 0, width: 1601, height: 1.5 };
    expect(Object.keys(bad).sort()).toEqual(Object.keys(PHOTO_RECORD_ARGS).sort());
    for (const [field, value] of Object.entries(bad)) {
      const asProgress = progress({ ...PHOTO, [field]: value });
      const asMessage = send({ photo: { ...PHOTO, [field]: value } });
      expect(asProgress).toMatchObject({ ok: false, field: `args.${field}`, key: expect.stringMatching(/^validation\./) });
      expect(asMessage).toMatchObject({ ok: false, field: `args.photo.${field}`, key: (asProgress as { key: string }).key });
    }
  });

  it('stores the photo beside its message and takes it back with it, on both drivers alike; alone it is not deleted', async () => {
    const args = { id: ID, createdAt: '2026-01-01T08:00:00.000Z', body: '', photo: PHOTO as typeof PHOTO & { contentType: 'image/webp' } };
    const at = context({ now: Date.UTC(2026, 0, 1, 9) });
    const onServer = createMemoryStore();
    const onDevice = createMemoryStore();
    const server = [
      runMutator(messageSend.apply(args, at), onServer.synchronous),
      runMutator(messageSend.apply(args, at), onServer.synchronous),
      runMutator(photoDelete.apply({ id: PHOTO.id }, at), onServer.synchronous),
      runMutator(messageDelete.apply({ id: ID }, context({ now: Date.UTC(2026, 0, 1, 9, 4) })), onServer.synchronous),
    ];
    const device = [
      await runMutatorAsync(messageSend.apply(args, at), onDevice.mutable),
      await runMutatorAsync(messageSend.apply(args, at), onDevice.mutable),
      await runMutatorAsync(photoDelete.apply({ id: PHOTO.id }, at), onDevice.mutable),
      await runMutatorAsync(messageDelete.apply({ id: ID }, context({ now: Date.UTC(2026, 0, 1, 9, 4) })), onDevice.mutable),
    ];
    const outcomes = (results: typeof server) => results.map((r) => (r.ok ? r.changed : r.code));
    expect(outcomes(server)).toEqual([true, false, 'NOT_FOUND', true]);
    expect(outcomes(device)).toEqual(outcomes(server));
    expect(onServer.rows.messages.get(ID)).toMatchObject({ photoId: PHOTO.id, body: '', deleted: true });
    expect(onServer.rows.progressPhotos.get(PHOTO.id)).toEqual({ ...PHOTO, kind: 'message', pose: null, createdAt: '2026-01-01T08:00:00.000Z', stored: false, deleted: true });
    expect(onDevice.rows.progressPhotos.get(PHOTO.id)).toEqual(onServer.rows.progressPhotos.get(PHOTO.id));
  });
});
