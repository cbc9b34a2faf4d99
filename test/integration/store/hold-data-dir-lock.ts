// Run by data-dir-lock.test.ts as a separate process: takes the data folder lock at argv[2] and holds it until killed.
import { lockDataDir } from '../../../core/store/data-dir-lock.ts';

const path = process.argv[2] ?? '';
try {
  await lockDataDir(path, 'the data folder');
  process.stdout.write(`locked ${process.pid}\n`);
  setInterval(() => {}, 60_000);
} catch (error) {
  process.stdout.write(`refused ${(error as Error).message}\n`);
  process.exit(3);
}
