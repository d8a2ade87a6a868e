#!/usr/bin/env node
// Every package the lock file installs must run on the oldest Node.js the project supports (the root
// package.json's `engines.node`): otherwise `npm install` warns EBADENGINE on that Node, or worse, a
// dependency fails at run time. Run by `npm test`; prints the offenders and their required range.
import { readFileSync } from 'node:fs';
import semver from 'semver';

const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const oldest = semver.minVersion(root.engines.node);

const offenders = Object.entries(lock.packages)
  .filter(([, pkg]) => typeof pkg.engines?.node === 'string')
  .filter(([, pkg]) => !semver.satisfies(oldest, pkg.engines.node))
  .map(
    ([where, pkg]) =>
      `  ${where.replace(/^.*node_modules\//, '')}@${pkg.version} wants node ${pkg.engines.node}`,
  );

if (offenders.length > 0) {
  console.error(
    `These locked packages do not support Node.js ${oldest} (package.json engines: ${root.engines.node}):\n${offenders.join('\n')}\n` +
      'Choose versions that do (or an npm override of the nested dependency), or raise engines.node and the README.',
  );
  process.exit(1);
}
console.log(`every locked package supports Node.js ${oldest}`);
