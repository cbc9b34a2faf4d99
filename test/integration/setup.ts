import { afterAll } from 'vitest';
import { closeTestRelease } from '../helpers/server.ts';

// Every integration file releases the shared store when it ends, so the next file can open it.
afterAll(closeTestRelease);
