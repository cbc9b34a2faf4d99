import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';

// For properties checked thousands of times: a call to expect costs tens of microseconds, more than most properties'
// own work. Two values strictly equal are equal for toEqual too, so expect (for its verdict and its message) is only
// needed when they are not.

/** expect(actual).toEqual(expected), calling expect only when the two differ. */
export function expectEqual(actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toEqual(expected);
}
