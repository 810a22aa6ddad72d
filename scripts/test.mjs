#!/usr/bin/env node
// `npm test`: the checks CI runs. The Vitest suites, then the end-to-end journeys, one after the other: side by
// side their timed tests (fairness, races, start-ups) measured the other's load instead of their own. The build the
// journeys run is made beside the suites from the start, at a lower priority. The suites keep both cores busy; the
// journeys wait on their browsers and servers much of the time (about half of two cores), so the static checks
// (typecheck, lint, the migrations' check) run beside the journeys, at a lower priority, in the CPU time they leave.
// Each check's output is printed whole as it ends; at the end, each one's wall and CPU time, and the exit code is 1
// when any failed.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * The checks: an npm command each; the checks it needs (`after`: it runs only when they passed) or merely waits for
 * (`waitsFor`: it runs when they have ended, whatever the result); and whether it yields the CPU to the others (a
 * lower priority: it runs in the time they leave).
 */
const CHECKS = [
  { name: 'test:unit', args: ['run', 'test:unit'] },
  // The suites build what they run themselves (apps/server/dist-test): the build is for the journeys only.
  { name: 'build', args: ['run', 'build'], yields: true },
  { name: 'journeys', args: ['exec', '--', 'playwright', 'test'], after: ['test:unit', 'build'] },
  { name: 'typecheck', args: ['run', 'typecheck'], waitsFor: ['test:unit'], yields: true },
  { name: 'lint', args: ['run', 'lint'], waitsFor: ['test:unit'], yields: true },
  { name: 'db:check', args: ['run', 'db:check'], waitsFor: ['test:unit'], yields: true },
];

/** CPU seconds of this process's finished children and their descendants (Linux; undefined elsewhere). */
function childrenCpuSeconds() {
  try {
    // Fields after the command name: cutime and cstime are the 16th and 17th fields of the line.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * One check in a process of its own (this script with `--check`), so that the CPU of what it waited for is its
 * alone: it lowers its priority first when the check yields, runs npm, and sends its CPU seconds when npm ends.
 */
function runCheckHere(check) {
  // The lowest priority (nice 19): a busy check then takes ~1.5% of a core from a journey's browser when both want
  // it (nice 10 took ~10%), and all that is idle otherwise.
  if (check.yields) os.setPriority(19);
  const npm = spawn('npm', check.args, { stdio: 'inherit', shell: process.platform === 'win32' });
  npm.on('close', (code, signal) => {
    process.send({ cpu: childrenCpuSeconds() }, () => process.exit(code ?? (signal ? 1 : 0)));
  });
}

/** Runs one check with its output kept until it ends; resolves with its exit code, wall and CPU seconds. */
function run(check) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [import.meta.filename, '--check', JSON.stringify(check)], {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const output = [];
    let cpu;
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('message', (message) => {
      cpu = message.cpu;
    });
    child.on('close', (code, signal) => {
      const wall = (performance.now() - started) / 1000;
      process.stdout.write(`\n━━ ${check.name} (${wall.toFixed(0)} s) ━━\n`);
      process.stdout.write(Buffer.concat(output));
      resolve({ code: code ?? (signal ? 1 : 0), wall, cpu });
    });
  });
}

async function main() {
  const started = performance.now();
  /** Each check's promise, started when the one it needs has passed or the one it waits for has ended. */
  const running = new Map();
  for (const check of CHECKS) {
    const before = Promise.all((check.after ?? check.waitsFor ?? []).map((name) => running.get(name)));
    running.set(
      check.name,
      before.then((previous) =>
        previous.every(({ code }) => code === 0) || !check.after ? run(check) : { code: 1, skipped: true },
      ),
    );
  }
  const results = [];
  for (const check of CHECKS) results.push([check.name, await running.get(check.name)]);

  const seconds = (value) => (value === undefined ? '?' : `${value.toFixed(1)} s`);
  const width = Math.max(...CHECKS.map((check) => check.name.length));
  console.log(`\n${'check'.padEnd(width)}  ${'wall'.padStart(8)}  ${'CPU'.padStart(8)}`);
  for (const [name, { code, wall, cpu, skipped }] of results) {
    const state = skipped ? '  not run' : code === 0 ? '' : '  FAILED';
    console.log(`${name.padEnd(width)}  ${seconds(wall).padStart(8)}  ${seconds(cpu).padStart(8)}${state}`);
  }
  console.log(`${'total'.padEnd(width)}  ${seconds((performance.now() - started) / 1000).padStart(8)}`);
  // Chromium's zygote re-parents its renderers, so their CPU never reaches the journeys' account.
  console.log(
    '(wall: each from its start, side by side; CPU: without the browser renderers of the journeys)',
  );
  const failed = results.filter(([, result]) => result.code !== 0).map(([name]) => name);
  if (failed.length > 0) {
    console.error(`\nfailed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

if (process.argv[2] === '--check') runCheckHere(JSON.parse(process.argv[3]));
else await main();
