"""Side by side: the issue-26 workloads through the real `mergin` client (0.13.3) against Waymark (on PostgreSQL
and on PGlite) and the reference server CE, alternating, measuring per phase the wall time, the server's CPU (its
whole process tree, with reaped children, plus its PostgreSQL backends), its peak memory (the tree's RSS summed, and
its PSS summed, which splits the pages forked workers share) and the load average. Run with the venv of
bench/mergin-client/setup.sh (see bench/README.md, "Side by side with the reference CE"). Prints one line per
phase and run, then a table of medians and ratios (Waymark ÷ reference, in the same round).
"""

import argparse
import os
import random
import shutil
import sqlite3
import statistics
import struct
import time

from servers import MIB, Meter, Server


# --- the workloads ------------------------------------------------------------------------------------------


# What the files start with, as real ones do: the reference rejects a file whose libmagic type is on its list of
# executables and scripts, which pseudo-random bytes now and then match.
JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
BINARY = b"\x00WAYMARK-BENCH\x00"


def write_random(path, size, rng, head=BINARY):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(head)
        left = size - len(head)
        while left > 0:
            piece = min(left, 4 * MIB)
            f.write(rng.randbytes(piece))
            left -= piece


def write_json(path, size, rng):
    """A JSON document of `size` bytes: one string of random hexadecimal digits."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write('{"v": "' + rng.randbytes(size).hex()[: size - 9] + '"}\n')


def large_files(server, work, record):
    """3 large + many 50–200 KiB files: create + push, download, push of a rewritten large file + 50 small."""
    rng = random.Random(1)
    local = os.path.join(work, "large")
    shutil.rmtree(local, ignore_errors=True)
    for i in range(3):
        write_random(os.path.join(local, f"data/large-{i}.bin"), ARGS.large_mib * MIB + i * 4099, rng)
    for i in range(ARGS.small_count):
        write_random(os.path.join(local, f"photos/{i // 100}/p-{i}.jpg"), rng.randint(50 * 1024, 200 * 1024), rng,
                     JPEG)
    name = f"{server.namespace}/large-{int(time.time())}"
    with Meter(server) as m:
        server.client.create_project_and_push(name, local)
    record("large files", "create + push", m)
    download_and_check(server, name, local, os.path.join(work, "large-copy"), "large files", record)
    write_random(os.path.join(local, "data/large-0.bin"), ARGS.large_mib * MIB, random.Random(2))
    for i in range(0, min(ARGS.small_count, 50)):
        write_random(os.path.join(local, f"photos/0/p-{i}.jpg"), 100 * 1024, rng, JPEG)
    with Meter(server) as m:
        server.client.push_project(local)
    record("large files", f"push of {ARGS.large_mib + 5} MiB of changes", m)
    shutil.rmtree(local)


def download_and_check(server, name, local, copy, workload, record):
    """The project downloaded into `copy` (measured as the workload's download), compared with `local`, removed."""
    shutil.rmtree(copy, ignore_errors=True)
    with Meter(server) as m:
        server.client.download_project(name, copy)
    record(workload, "download", m)
    check_same(local, copy)
    shutil.rmtree(copy)


def many_files(server, work, record):
    """N files of 1–4 KiB in versions of 100: create + push (every version), download."""
    rng = random.Random(3)
    local = os.path.join(work, "many")
    shutil.rmtree(local, ignore_errors=True)
    name = f"{server.namespace}/many-{int(time.time())}"
    batches = ARGS.many_count // 100
    with Meter(server) as m:
        for batch in range(batches):
            for i in range(batch * 100, batch * 100 + 100):
                write_json(os.path.join(local, f"forms/{i // 500}/f-{i}.json"), rng.randint(1024, 4096), rng)
            if batch == 0:
                server.client.create_project_and_push(name, local)
            else:
                server.client.push_project(local)
    record("many small files", f"create + push ({batches} versions)", m)
    download_and_check(server, name, local, os.path.join(work, "many-copy"), "many small files", record)
    shutil.rmtree(local)


GPKG_SCHEMA = """
PRAGMA application_id = 1196444487;
PRAGMA user_version = 10200;
CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY, organization TEXT NOT NULL,
  organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
INSERT INTO gpkg_spatial_ref_sys VALUES ('WGS 84', 4326, 'EPSG', 4326, 'GEOGCS["WGS 84"]', NULL),
  ('Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', NULL),
  ('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', NULL);
CREATE TABLE gpkg_contents (table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE,
  description TEXT DEFAULT '', last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER);
INSERT INTO gpkg_contents (table_name, data_type, identifier, srs_id) VALUES ('points', 'features', 'points', 4326);
CREATE TABLE gpkg_geometry_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL,
  geometry_type_name TEXT NOT NULL, srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
  CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name));
INSERT INTO gpkg_geometry_columns VALUES ('points', 'geom', 'POINT', 4326, 0, 0);
CREATE TABLE points (fid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, geom POINT, name TEXT, value REAL,
  note TEXT);
"""


def point(x, y):
    """A GeoPackage point blob: header without envelope, little-endian WKB."""
    return b"GP\x00\x01" + struct.pack("<i", 4326) + b"\x01" + struct.pack("<Idd", 1, x, y)


def geopackage(server, work, record):
    """A ~25 MiB GeoPackage: first upload, then a push of a ~1.4 MB diff (rows updated in place)."""
    rng = random.Random(4)
    local = os.path.join(work, "gpkg")
    shutil.rmtree(local, ignore_errors=True)
    os.makedirs(local)
    path = os.path.join(local, "survey.gpkg")
    db = sqlite3.connect(path)
    db.executescript(GPKG_SCHEMA)
    rows = ARGS.gpkg_rows
    db.executemany(
        "insert into points (geom, name, value, note) values (?, ?, ?, ?)",
        ((point(rng.uniform(-180, 180), rng.uniform(-90, 90)), f"point {i}", rng.random(),
          "n" * rng.randint(20, 60)) for i in range(rows)),
    )
    db.commit()
    db.close()
    name = f"{server.namespace}/gpkg-{int(time.time())}"
    with Meter(server) as m:
        server.client.create_project_and_push(name, local)
    record("GeoPackage", f"first upload ({os.path.getsize(path) / MIB:.1f} MiB)", m)
    db = sqlite3.connect(path)
    changed = rng.sample(range(1, rows + 1), ARGS.gpkg_updates)
    db.executemany("update points set geom = ?, value = ? where fid = ?",
                   ((point(rng.uniform(-180, 180), rng.uniform(-90, 90)), rng.random(), fid) for fid in changed))
    db.commit()
    db.close()
    with Meter(server) as m:
        server.client.push_project(local)
    diff = server.client.project_info(name)["files"]
    size = next((f.get("diff", {}) or {}).get("size", 0) for f in diff if f["path"] == "survey.gpkg")
    record("GeoPackage", f"push of a diff ({size / 1e6:.1f} MB)" if size else "push of a diff (no diff?)", m)
    shutil.rmtree(local)


def check_same(local, copy):
    def listing(root):
        found = {}
        for base, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d != ".mergin"]
            for f in files:
                found[os.path.relpath(os.path.join(base, f), root)] = os.path.getsize(os.path.join(base, f))
        return found

    a, b = listing(local), listing(copy)
    if a != b:
        raise RuntimeError(f"download differs: {len(a)} files vs {len(b)}")


# --- the run ------------------------------------------------------------------------------------------------


def main():
    work = ARGS.work
    os.makedirs(work, exist_ok=True)
    servers = {
        "reference": Server("reference", ARGS.port, ARGS.reference_db, work, ARGS.reference, ARGS.waymark_dist),
        "waymark-pg": Server("waymark-pg", ARGS.port + 10, ARGS.waymark_db, work, ARGS.reference, ARGS.waymark_dist),
        "waymark-pglite": Server("waymark-pglite", ARGS.port + 20, None, work, ARGS.reference, ARGS.waymark_dist),
    }
    order = [s for s in ARGS.servers.split(",")]
    results = []  # (round, server, workload, phase, wall, cpu, db, peak RSS MiB, load, peak PSS MiB)
    workloads = {"large": large_files, "many": many_files, "gpkg": geopackage}
    print(f"load average at start: {os.getloadavg()}", flush=True)
    for round_ in range(ARGS.rounds):
        names = order if round_ % 2 == 0 else list(reversed(order))
        for workload in ARGS.workloads.split(","):
            for name in names:
                server = servers[name]
                server.start()
                try:
                    def record(w, phase, m, server=server, round_=round_):
                        row = (round_, server.name, w, phase, m.wall, m.cpu + m.db, m.db, m.peak / MIB, m.load,
                               m.peak_pss / MIB)
                        results.append(row)
                        print(f"round {round_ + 1} {server.name:15} {w:17} {phase:36} wall {m.wall:7.2f} s  "
                              f"cpu {m.cpu + m.db:7.2f} s (db {m.db:5.2f})  "
                              f"peak RSS {m.peak / MIB:5.0f} PSS {m.peak_pss / MIB:5.0f} MiB  "
                              f"load {m.load[0]:.2f} {m.load[1]:.2f} {m.load[2]:.2f}", flush=True)
                        by_name = ", ".join(f"{n} {c:.2f}" for n, c in sorted(m.by_name.items()) if c >= 0.01)
                        print(f"  CPU s by process: {by_name}", flush=True)
                        if os.environ.get("BENCH_NODE_OPTIONS"):
                            # CLOCK_MONOTONIC in µs, as --window of bench/lib/profile-summary.ts takes it.
                            print(f"  profile window {int(m.t0 * 1e6)} {int(m.t1 * 1e6)}", flush=True)

                    workloads[workload](server, work, record)
                finally:
                    server.stop()
        table(results, order)  # after every round: the medians so far


def table(results, order):
    phases = []
    for row in results:
        if (row[2], row[3]) not in phases:
            phases.append((row[2], row[3]))
    others = [s for s in order if s != "reference"]
    print("\n| workload | phase | " + " | ".join(f"wall s {s}" for s in order) + " | "
          + " | ".join(f"CPU s {s}" for s in order) + " | " + " | ".join(f"peak RSS (PSS) MiB {s}" for s in order)
          + " | " + " | ".join(f"wall ratio {s}" for s in others) + " | "
          + " | ".join(f"CPU ratio {s}" for s in others) + " | load (1-min) |")
    print("|" + "---|" * (3 + 3 * len(order) + 2 * len(others)))
    for workload, phase in phases:
        rows = [r for r in results if r[2] == workload and r[3] == phase]

        def median(server, index):
            values = [r[index] for r in rows if r[1] == server]
            return statistics.median(values) if values else float("nan")

        def ratio(server, index):
            values = []
            for round_ in sorted({r[0] for r in rows}):
                mine = [r[index] for r in rows if r[0] == round_ and r[1] == server]
                ref = [r[index] for r in rows if r[0] == round_ and r[1] == "reference"]
                if mine and ref and ref[0] > 0:
                    values.append(mine[0] / ref[0])
            return statistics.median(values) if values else float("nan")

        loads = ", ".join(f"{r[8][0]:.1f}" for r in rows)
        print(f"| {workload} | {phase} | " + " | ".join(f"{median(s, 4):.2f}" for s in order) + " | "
              + " | ".join(f"{median(s, 5):.2f}" for s in order) + " | "
              + " | ".join(f"{median(s, 7):.0f} ({median(s, 9):.0f})" for s in order) + " | "
              + " | ".join(f"{ratio(s, 4):.2f}" for s in others) + " | "
              + " | ".join(f"{ratio(s, 5):.2f}" for s in others) + f" | {loads} |")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--reference", default="/tmp/mergin-reference", help="the folder setup.sh built")
    parser.add_argument("--waymark-dist", default="dist", help="build of apps/server to run (beside its src)")
    parser.add_argument("--reference-db", default="ref_bench")
    parser.add_argument("--waymark-db", default="bench")
    parser.add_argument("--port", type=int, default=18450)
    parser.add_argument("--work", default="/tmp/side-by-side")
    parser.add_argument("--servers", default="reference,waymark-pg,waymark-pglite")
    parser.add_argument("--workloads", default="large,many,gpkg")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--large-mib", type=int, default=300, help="size of each of the 3 large files")
    parser.add_argument("--small-count", type=int, default=1000, help="50–200 KiB files beside the large ones")
    parser.add_argument("--many-count", type=int, default=5000, help="1–4 KiB files, pushed 100 per version")
    parser.add_argument("--gpkg-rows", type=int, default=256000)
    parser.add_argument("--gpkg-updates", type=int, default=14500)
    ARGS = parser.parse_args()
    main()
