// The long API fuzz run: many more requests per operation and role than CI's, with a fresh seed
// (printed, so a failure can be replayed with FUZZ_SEED). `npm run fuzz -w @rms/server`;
// FUZZ_RUNS and FUZZ_SEED override; DATABASE_URL runs it on PostgreSQL.
import { spawnSync } from 'node:child_process';

const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const runs = process.env.FUZZ_RUNS ?? '200';
console.log(`API fuzz: FUZZ_SEED=${seed} FUZZ_RUNS=${runs}`);
const result = spawnSync('npx', ['vitest', 'run', 'src/api-fuzz.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs },
});
if (result.status !== 0)
  console.log(`replay with: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz -w @rms/server`);
process.exit(result.status ?? 1);
