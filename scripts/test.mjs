#!/usr/bin/env node
// `npm test`: the checks CI runs, in order, stopping at the first that fails; typecheck and lint run side by side
// (their output is printed whole as each ends). Prints each step's wall and CPU time at the end.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Each entry is one step; the npm commands of an entry run at the same time (`npm run test:e2e` = the last two). */
const STEPS = [
  [
    ['run', 'typecheck'],
    ['run', 'lint'],
  ],
  [['run', 'db:check']],
  [['run', 'test:unit']],
  [['run', 'build']],
  [['exec', '--', 'playwright', 'test']],
];

/** CPU seconds of this process's finished children and their descendants (Linux; undefined elsewhere). */
function childrenCpuSeconds() {
  try {
    // Fields after the command name: utime is the 14th field of the line, cutime and cstime the 16th and 17th.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

function run(args, { buffered }) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      if (buffered) process.stdout.write(Buffer.concat(output));
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const seconds = (value) => (value === undefined ? '?' : `${value.toFixed(1)} s`);
const rows = [];
let failed;
for (const step of STEPS) {
  const started = performance.now();
  const cpuBefore = childrenCpuSeconds();
  const codes = await Promise.all(step.map((args) => run(args, { buffered: step.length > 1 })));
  const cpuAfter = childrenCpuSeconds();
  rows.push({
    step: step.map((args) => args.filter((arg) => arg !== 'run' && arg !== '--').join(' ')).join(' + '),
    wall: (performance.now() - started) / 1000,
    cpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
  });
  const index = codes.findIndex((code) => code !== 0);
  if (index !== -1) {
    failed = step[index].join(' ');
    break;
  }
}

const width = Math.max(...rows.map((row) => row.step.length));
console.log(`\n${'step'.padEnd(width)}  ${'wall'.padStart(8)}  ${'CPU'.padStart(8)}`);
for (const row of rows) {
  console.log(`${row.step.padEnd(width)}  ${seconds(row.wall).padStart(8)}  ${seconds(row.cpu).padStart(8)}`);
}
const total = rows.reduce((sum, row) => sum + row.wall, 0);
console.log(`${'total'.padEnd(width)}  ${seconds(total).padStart(8)}`);
// Chromium's zygote re-parents its renderers, so their CPU never reaches this process's children's account.
console.log('(CPU: the processes each step waited for; without the browser renderers of the journeys)');
if (failed) {
  console.error(`\nnpm ${failed} failed`);
  process.exit(1);
}
