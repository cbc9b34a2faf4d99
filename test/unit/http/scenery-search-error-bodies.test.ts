import { describe, expect, it } from 'vitest';
import { ApiError, type ErrorCode, errorCodes } from '../../../core/errors.ts';
import { scenerySearchErrorBody } from '../../../core/http/faces.ts';
import { checkResponse } from '../../helpers/spec-check.ts';

// Found by schemathesis: a 500 on the explore face said `retryable: true`, where the spec documents false. Every
// error body the explore face can build must match the spec's response for its status (body only: headers are
// added by the pipeline and checked by the integration tests).
describe('explore error bodies match the scenery-search spec', () => {
  const codes = Object.keys(errorCodes) as ErrorCode[];

  // What the raising code always adds to these codes (the spec pins them: Retry-After, and `cursor` for a gone cursor).
  const always: Partial<Record<ErrorCode, ConstructorParameters<typeof ApiError>[2]>> = {
    rate_limited: { retryAfterS: 60 },
    cursor_expired: { field: 'cursor' },
    release_changed: { field: 'cursor', recovery: 'restart the search without cursor' },
  };

  it.each(codes)('%s', (code) => {
    const error = new ApiError(code, 'message', always[code] ?? {});
    const problems = checkResponse({
      method: 'POST',
      url: 'http://machimi.invalid/explore/api/search',
      status: error.status,
      headers: new Headers({ 'content-type': 'application/json' }),
      body: scenerySearchErrorBody(error),
    }).filter((problem) => problem.includes(' body'));
    expect(problems).toEqual([]);
  });
});
