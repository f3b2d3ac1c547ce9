import { expect } from 'vitest';
import { HistoryError } from '../../src/history/index.js';

/** The HistoryError `promise` rejects with; fails the test when it resolves or rejects with anything else. */
export async function rejection(promise: Promise<unknown>): Promise<HistoryError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HistoryError);
  return error as HistoryError;
}
