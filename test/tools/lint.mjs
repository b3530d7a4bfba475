// Project rules that the type checker does not enforce. Prints each breach as file:line and
// exits 1 when there is one.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function files(dir, ext) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path, ext);
    return ext.some((e) => entry.name.endsWith(e)) ? [path] : [];
  });
}

const rules = [
  { where: 'src', ext: ['.ts'], pattern: /:\s*any\b|<any>|\bas any\b/, why: 'no `any`: type it, or use unknown' },
  { where: 'test', ext: ['.ts'], pattern: /:\s*any\b|<any>|\bas any\b/, why: 'no `any`: type it, or use unknown' },
  { where: 'src/api', ext: ['.ts'], pattern: /from 'vscode'|require\('vscode'\)/, why: 'src/api stays free of vscode so plain Node tests run it' },
  { where: 'src', ext: ['.ts'], pattern: /\bsetInterval\(/, why: 'schedule with a setTimeout chain, never setInterval' },
  { where: 'src', ext: ['.ts'], pattern: /\bconsole\.(log|info|debug)\(/, why: 'log through the output channel, not the console' },
  { where: 'src', ext: ['.ts'], pattern: /\.innerHTML\s*=/, why: 'set text with textContent, never innerHTML' },
  { where: 'test', ext: ['.ts'], pattern: /\b(it|describe)\.(skip|only)\(/, why: 'no skipped or focused tests' },
];

let breaches = 0;
for (const rule of rules) {
  for (const file of files(rule.where, rule.ext)) {
    readFileSync(file, 'utf8').split('\n').forEach((line, index) => {
      if (rule.pattern.test(line)) {
        breaches++;
        console.error(`${file}:${index + 1}: ${rule.why}\n    ${line.trim()}`);
      }
    });
  }
}
if (breaches > 0) {
  console.error(`lint: ${breaches} breach${breaches === 1 ? '' : 'es'} of the project rules.`);
  process.exit(1);
}
