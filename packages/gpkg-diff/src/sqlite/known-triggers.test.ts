import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../testing/vectors.ts';
import { isKnownTrigger } from './known-triggers.ts';

/** The triggers of a GeoPackage made by ogr2ogr (fixtures/make-fixtures.sh, GDAL 3.6). */
function triggersOf(file: string): Array<{ name: string; sql: string }> {
  const db = new Database(join(FIXTURES_DIR, file), { readonly: true });
  try {
    return db
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name`)
      .all() as Array<{
      name: string;
      sql: string;
    }>;
  } finally {
    db.close();
  }
}

describe('known triggers', () => {
  it('recognises every trigger ogr2ogr wrote: R-tree indexes, feature counts, tile matrix constraints', () => {
    for (const file of ['base.gpkg', 'modified.gpkg', 'added-column.gpkg']) {
      const triggers = triggersOf(file);
      expect(triggers.length).toBeGreaterThanOrEqual(36);
      expect(triggers.filter(({ sql }) => !isKnownTrigger(sql)).map(({ name }) => name)).toEqual([]);
    }
  });

  it('recognises the GeoPackage 1.4 spec form: bare names, other spacing, comments, update6 and update7', () => {
    expect(
      isKnownTrigger(`CREATE TRIGGER rtree_roads_shape_update6 AFTER UPDATE OF shape ON roads
        WHEN OLD.id = NEW.id AND
             (NEW.shape NOTNULL AND NOT ST_IsEmpty(NEW.shape)) AND
             (OLD.shape NOTNULL AND NOT ST_IsEmpty(OLD.shape)) -- a comment
      BEGIN
        UPDATE rtree_roads_shape SET
          minx = ST_MinX(NEW.shape), maxx = ST_MaxX(NEW.shape),
          miny = ST_MinY(NEW.shape), maxy = ST_MaxY(NEW.shape)
        WHERE id = NEW.id;
      END`),
    ).toBe(true);
    expect(
      isKnownTrigger(`CREATE TRIGGER "rtree_my ""roads""_geom_update7" AFTER UPDATE OF "geom" ON "my ""roads"""
        WHEN OLD."fid" = NEW."fid" AND (NEW."geom" NOT NULL AND NOT ST_IsEmpty(NEW."geom"))
        AND (OLD."geom" IS NULL OR ST_IsEmpty(OLD."geom"))
        BEGIN INSERT INTO "rtree_my ""roads""_geom" VALUES (NEW."fid", ST_MinX(NEW."geom"), ST_MaxX(NEW."geom"),
        ST_MinY(NEW."geom"), ST_MaxY(NEW."geom")); END`),
    ).toBe(true);
  });

  it('does not go by the name: a trigger named like GDAL’s with other SQL is not recognised', () => {
    const burn = `CREATE TRIGGER gpkg_burn AFTER UPDATE ON points BEGIN
      SELECT count(*) FROM points a, points b, points c; END`;
    expect(isKnownTrigger(burn)).toBe(false);
    const [insert] = triggersOf('base.gpkg').filter(({ name }) => name === 'rtree_points_geom_insert');
    expect(isKnownTrigger(insert!.sql)).toBe(true);
    // One more statement in GDAL's own trigger.
    const extended = insert!.sql.replace(/END$/, 'SELECT count(*) FROM points a, points b; END');
    expect(isKnownTrigger(extended)).toBe(false);
    // Names that do not agree: the index of another table, the count of another layer.
    expect(isKnownTrigger(insert!.sql.replace('INTO "rtree_points_geom"', 'INTO "rtree_lines_geom"'))).toBe(
      false,
    );
    expect(
      isKnownTrigger(`CREATE TRIGGER "trigger_insert_feature_count_points" AFTER INSERT ON "lines" BEGIN
        UPDATE gpkg_ogr_contents SET feature_count = feature_count + 1 WHERE lower(table_name) = lower('lines'); END`),
    ).toBe(false);
    expect(
      isKnownTrigger(`CREATE TRIGGER "trigger_insert_feature_count_points" AFTER INSERT ON "points" BEGIN
        UPDATE gpkg_ogr_contents SET feature_count = (SELECT count(*) FROM points a, points b)
        WHERE lower(table_name) = lower('points'); END`),
    ).toBe(false);
    // An unterminated quote is not read as anything.
    expect(isKnownTrigger(`CREATE TRIGGER "rtree_x`)).toBe(false);
  });
});
