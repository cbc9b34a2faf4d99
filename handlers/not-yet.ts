import { ApiError } from '../core/errors.ts';

// Operations whose data work has not landed answer 501 in the face's error shape (allowed by the foundation issue
// until the data, place-lookup, search and MCP work lands); the message says what is missing.
export function notYetImplemented(operationId: string, waitsFor: string): ApiError {
  return new ApiError('not_implemented', `${operationId} is not available in this build yet: it waits for ${waitsFor}`);
}
