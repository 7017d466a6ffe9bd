import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatHlc } from '../clock/hlc.ts';
import { parseMutation } from '../mutations/index.ts';
import { applyMessageDelete, applyReadMark, applyWeightDelete, applyWeightUpdate, MESSAGE_DELETE_WINDOW_MS, THREAD_ID, type Message, type MessageSender, type MessageThread, type WeightRecord } from './rules.ts';

const ID = '0190a0b0-0000-7000-8000-000000000001';
const hlc = (millis: number, node = 'dev_aaaaaaaa') => formatHlc({ millis: Date.UTC(2026, 0, 1) + millis, counter: 0, node });
const added = (): WeightRecord => ({ id: ID, weight: 452, notes: 'em jejum', createdAt: '2026-01-01T08:00:00.000Z', deleted: false, hlcs: {} });
const row = (outcome: ReturnType<typeof applyWeightUpdate>) => {
  if (!outcome.ok) throw new Error(outcome.code);
  return outcome.row;
};

describe('weight.update: per-field last-writer-wins by HLC (ADR 015)', () => {
  it('corrects the fields given and stamps each with the HLC', () => {
    const corrected = row(applyWeightUpdate(added(), { id: ID, weight: 45.2 }, hlc(10)));
    expect(corrected).toMatchObject({ weight: 45.2, notes: 'em jejum', hlcs: { weight: hlc(10) } });
    const noted = row(applyWeightUpdate(corrected, { id: ID, notes: null }, hlc(20)));
    expect(noted).toMatchObject({ weight: 45.2, notes: null, hlcs: { weight: hlc(10), notes: hlc(20) } });
  });

  it('an older write of a field loses, each field on its own', () => {
    const later = row(applyWeightUpdate(added(), { id: ID, weight: 45.2 }, hlc(20, 'dev_bbbbbbbb')));
    const outcome = applyWeightUpdate(later, { id: ID, weight: 46, notes: 'depois do treino' }, hlc(10, 'dev_aaaaaaaa'));
    expect(row(outcome)).toMatchObject({ weight: 45.2, notes: 'depois do treino' });
  });

  it('replaying a correction changes nothing', () => {
    const once = row(applyWeightUpdate(added(), { id: ID, weight: 45.2 }, hlc(10)));
    expect(applyWeightUpdate(once, { id: ID, weight: 45.2 }, hlc(10))).toEqual({ ok: true, row: once, changed: false });
  });

  it('a correction of a deleted record is a no-op: the delete wins, whatever the clocks say', () => {
    const deleted = row(applyWeightDelete(added()));
    expect(applyWeightUpdate(deleted, { id: ID, weight: 45.2 }, hlc(99_999))).toEqual({ ok: true, row: deleted, changed: false });
  });

  it('a correction of an unknown record is refused', () => {
    expect(applyWeightUpdate(undefined, { id: ID, weight: 45.2 }, hlc(1))).toEqual({ ok: false, code: 'NOT_FOUND' });
  });

  it('takes rows stored before corrections existed (no hlcs)', () => {
    const { hlcs: _hlcs, ...legacy } = added();
    expect(row(applyWeightUpdate(legacy, { id: ID, weight: 45.2 }, hlc(1)))).toMatchObject({ weight: 45.2, hlcs: { weight: hlc(1) } });
  });

  it('converges whatever the order the corrections and the delete arrive in (property)', () => {
    type Op = { kind: 'update'; weight?: number; notes?: string | null; at: number; node: string } | { kind: 'delete' };
    const update = fc.record({
      kind: fc.constant('update' as const),
      weight: fc.option(fc.integer({ min: 10, max: 5000 }).map((t) => t / 10), { nil: undefined }),
      notes: fc.option(fc.option(fc.string({ maxLength: 5 }), { nil: null }), { nil: undefined }),
      at: fc.integer({ min: 0, max: 50 }),
      node: fc.constantFrom('dev_aaaaaaaa', 'dev_bbbbbbbb', 'dev_cccccccc'),
    });
    const op: fc.Arbitrary<Op> = fc.oneof({ weight: 5, arbitrary: update }, { weight: 1, arbitrary: fc.constant({ kind: 'delete' as const }) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 8 }), fc.infiniteStream(fc.nat()), (generated, randoms) => {
        // Every mutation has its own HLC: two writes never share one.
        const ops = generated.map((o, i) => (o.kind === 'update' ? { ...o, at: o.at * 100 + i } : o));
        const run = (order: Op[]) =>
          order.reduce<WeightRecord>((record, o) => {
            const outcome = o.kind === 'delete' ? applyWeightDelete(record) : applyWeightUpdate(record, { id: ID, weight: o.weight, notes: o.notes }, hlc(o.at, o.node));
            return outcome.ok ? outcome.row : record;
          }, added());
        const shuffled = [...ops];
        const it = randoms[Symbol.iterator]();
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = (it.next().value as number) % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j] as Op, shuffled[i] as Op];
        }
        const a = run(ops);
        const b = run(shuffled);
        expect(b.deleted).toBe(a.deleted);
        if (!a.deleted) expect({ weight: b.weight, notes: b.notes }).toEqual({ weight: a.weight, notes: a.notes });
        // Replaying everything again changes nothing (the rebase replays pending mutations).
        expect(run([...ops, ...ops])).toEqual(a.deleted ? expect.objectContaining({ deleted: true }) : a);
      }),
      { numRuns: 500 },
    );
  });
});

describe('weight.update arguments', () => {
  const envelope = (args: unknown) => ({
    deviceId: 'dev_aaaaaaaa', seq: 1, id: '0190a0b0-0000-7000-8000-0000000000ff', name: 'weight.update', version: 1, args, hlc: hlc(1), localDate: '2026-01-01', timeZone: 'America/Sao_Paulo',
  });

  it.each([
    [{ id: ID, weight: '45,2' }, { id: ID, weight: 45.2 }],
    [{ id: ID, notes: '  manhã ' }, { id: ID, notes: 'manhã' }],
    [{ id: ID, notes: null }, { id: ID, notes: null }],
    [{ id: ID, weight: 45.2, notes: '' }, { id: ID, weight: 45.2, notes: null }],
  ])('reads %j', (args, expected) => {
    const parsed = parseMutation(envelope(args));
    expect(parsed.ok && parsed.mutation.args).toEqual(expected);
  });

  it.each([
    [{ id: ID }, 'args.weight'],
    [{ id: 'nope', weight: 45 }, 'args.id'],
    [{ id: ID, weight: '0x40' }, 'args.weight'],
    [{ id: ID, weight: 0.04 }, 'args.weight'],
    [{ id: ID, weight: '1e2' }, 'args.weight'],
    [{ id: ID, weight: '84.25' }, 'args.weight'],
    [{ id: ID, notes: 5 }, 'args.notes'],
    [{ id: ID, notes: 'x'.repeat(501) }, 'args.notes'],
  ])('refuses %j at %s', (args, field) => {
    expect(parseMutation(envelope(args))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', field });
  });
});

describe('messages (issue 22)', () => {
  const message = (overrides: Partial<Message> = {}): Message => ({
    id: '01a20000-0000-7000-8000-000000000001',
    createdAt: '2026-11-28T15:00:00.000Z',
    sentAt: '2026-11-28T15:00:00.000Z',
    from: 'client',
    senderName: null,
    body: 'Oi',
    photoId: null,
    deleted: false,
    ...overrides,
  });
  const sent = Date.parse('2026-11-28T15:00:00.000Z');

  it('lets the sender delete within five minutes of the receipt, emptying the text, and only the sender', () => {
    expect(applyMessageDelete(message(), 'client', sent + MESSAGE_DELETE_WINDOW_MS)).toEqual({ ok: true, changed: true, row: message({ body: '', deleted: true }) });
    expect(applyMessageDelete(message(), 'client', sent + MESSAGE_DELETE_WINDOW_MS + 1)).toEqual({ ok: false, code: 'MESSAGE_DELETE_EXPIRED' });
    expect(applyMessageDelete(message({ from: 'coach' }), 'client', sent)).toEqual({ ok: false, code: 'NOT_FOUND' });
    expect(applyMessageDelete(undefined, 'client', sent)).toEqual({ ok: false, code: 'NOT_FOUND' });
    // A replay of a delete that was applied changes nothing, even after the five minutes.
    expect(applyMessageDelete(message({ body: '', deleted: true }), 'client', sent + 3_600_000)).toMatchObject({ ok: true, changed: false });
  });

  it('merges read marks from any devices in any order to the latest of each side', () => {
    const mark = fc.record({ side: fc.constantFrom<MessageSender>('client', 'coach'), at: fc.integer({ min: 0, max: 10_000 }) });
    fc.assert(
      fc.property(fc.array(mark, { maxLength: 12 }), (marks) => {
        let thread: MessageThread | undefined;
        for (const { side, at } of marks) {
          const outcome = applyReadMark(thread, side, new Date(sent + at * 1000).toISOString());
          if (outcome.ok) thread = outcome.row;
        }
        const latest = (side: MessageSender) => {
          const ats = marks.filter((m) => m.side === side).map((m) => m.at);
          return ats.length === 0 ? null : new Date(sent + Math.max(...ats) * 1000).toISOString();
        };
        expect(thread ?? null).toEqual(marks.length === 0 ? null : { id: THREAD_ID, clientReadUpTo: latest('client'), coachReadUpTo: latest('coach') });
      }),
    );
  });
});
