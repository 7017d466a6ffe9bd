// `npm run audit:deps`: the runtime dependencies (what the Docker image ships) have no high or
// critical advisory. It needs the registry's advisory endpoint; when that cannot be reached the
// run fails and says so, rather than passing without having looked.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = null;
}
if (!report?.metadata?.vulnerabilities) {
  const reason = report?.message ?? report?.error?.summary ?? 'no report';
  console.error(`audit:deps: the advisory database could not be reached (${reason.trim()}); nothing was checked`);
  process.exit(2);
}
const { vulnerabilities } = report.metadata;
const serious = Object.values(report.vulnerabilities ?? {}).filter((v) => v.severity === 'high' || v.severity === 'critical');
for (const v of serious) console.error(`audit:deps: ${v.severity} ${v.name} ${v.range} (${[v.via].flat().map((via) => (typeof via === 'string' ? via : via.title)).join('; ')})`);
console.log(`audit:deps: runtime dependencies: ${vulnerabilities.critical} critical, ${vulnerabilities.high} high, ${vulnerabilities.moderate} moderate, ${vulnerabilities.low} low`);
process.exitCode = serious.length > 0 ? 1 : 0;
