import { uuidv7 } from '#protocol/ids.ts';
import { checkNotes, checkWeight } from '#protocol/mutations/fields.ts';
import { weightAdd } from '#protocol/mutations/weight-add.ts';
import { DomainError, validationError } from '#protocol/errors.ts';
import type { AppDeps } from '../deps.ts';
import { createRouter, currentUser, serializedJson } from '../http/router.ts';
import { todayFor } from '../services/daily-progress.ts';
import { readJsonObject } from '../http/validate.ts';

/** SPEC §7 weight records, online; written by the `weight.add` mutator, as a push is. */
export function weightRecordRoutes(deps: AppDeps) {
  return createRouter('/api/weight-records')
    .get('/', 'signedIn', async (c) => serializedJson(c, await deps.weightRecords.listJson(currentUser(c).id)))

    .post('/', 'signedIn', async (c) => {
      const body = await readJsonObject(c);
      const weight = checkWeight(body.weight);
      const notes = checkNotes(body.notes);
      const problems = [...(weight.ok ? [] : [{ field: 'weight', key: weight.key }]), ...(notes.ok ? [] : [{ field: 'notes', key: notes.key }])];
      const unknown = Object.keys(body).filter((key) => key !== 'weight' && key !== 'notes');
      problems.push(...unknown.map((field) => ({ field, key: 'validation.unknownField' })));
      if (problems.length > 0 || !weight.ok || !notes.ok) throw validationError(problems);
      const { id: userId, countryCode } = currentUser(c);
      const at = deps.now();
      const id = uuidv7(at);
      // The client's day in their country's zone, as the runner would read it (the session has it).
      const stamps = { localDate: todayFor(countryCode, at) };
      const write = await deps.groupCommit.run(() => deps.mutations.run(userId, weightAdd, { id, weight: weight.value, notes: notes.value, createdAt: new Date(at).toISOString() }, stamps));
      if (!write.ok) throw new DomainError(write.code);
      return c.json({ weightRecord: await deps.weightRecords.record(userId, id) }, 201);
    });
}
