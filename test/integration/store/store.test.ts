// One store suite, run against every available driver (see variants.ts for which run when).
import { afterAll, describe } from 'vitest';
import { describeQuerySuite } from './query-suite.ts';
import { describeStoreSuite } from './store-suite.ts';
import { storeVariants } from './variants.ts';

for (const variant of storeVariants()) {
  describe(variant.name, () => {
    afterAll(() => variant.cleanup());
    describeStoreSuite(variant);
    describeQuerySuite(variant);
  });
}
