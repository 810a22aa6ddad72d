/** The API bench's table: one row per call and connection level, each beside `/ping` at the same level. */
import os from 'node:os';
import type { LoadTool } from './load-tool.ts';

export type Row = {
  call: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
  dbCpuMsPerRequest: number;
  dbTransactionsPerRequest: number;
  toolCpuMsPerRequest: number;
  /** The machine's 1-minute load average at the end of the run. */
  load: number;
  failed: number;
};

/** Prints the rows as a table, then the list's goals when the list was measured. */
export function printReport(rows: readonly Row[], tool: LoadTool, duration: number): void {
  const table = rows.map((row) => {
    const ping = rows.find((r) => r.call === 'ping' && r.connections === row.connections);
    return {
      call: row.call,
      conns: row.connections,
      'req/s': Math.round(row.rps),
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      'server CPU ms/req': Number(row.cpuMsPerRequest.toFixed(2)),
      'db CPU ms/req': Number(row.dbCpuMsPerRequest.toFixed(2)),
      'db xact/req': Number(row.dbTransactionsPerRequest.toFixed(2)),
      [`${tool} CPU ms/req`]: Number(row.toolCpuMsPerRequest.toFixed(2)),
      'x /ping': ping && ping.rps > 0 ? Number((row.rps / ping.rps).toFixed(3)) : null,
      load: Number(row.load.toFixed(1)),
      failed: row.failed,
    };
  });
  console.log(
    `\n${tool}, ${duration} s per call and level, load ${os.loadavg()[0]?.toFixed(1)} (1 min) at the end`,
  );
  console.table(table);
  const list64 = rows.find((r) => r.call === 'list' && r.connections === 64);
  const list10 = rows.find((r) => r.call === 'list' && r.connections === 10);
  if (list64 || list10) {
    console.log(
      `Goals: list ≥ 1000 req/s at 64 connections (${list64 ? Math.round(list64.rps) : '–'}), ` +
        `p99 ≤ 20 ms at 10 (${list10?.p99 ?? '–'} ms).`,
    );
  }
}
