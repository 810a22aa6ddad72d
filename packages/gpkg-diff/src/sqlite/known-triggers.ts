/**
 * Recognises the triggers GDAL and the GeoPackage specification create, by their SQL (never by their name, which
 * anyone can choose): R-tree spatial index maintenance (`rtree_<t>_<c>_insert`, `_update1`…`_update7`, `_delete`),
 * OGR's feature counts (`trigger_insert_feature_count_<t>`, `trigger_delete_feature_count_<t>`) and the
 * constraint triggers of `gpkg_tile_matrix`. `apply` lets only these run; every other trigger is suspended.
 *
 * The SQL is compared token by token: whitespace, comments, the case of keywords and the quoting of names do not
 * count (GDAL writes `"points"`, the specification `points`, older tools `'points'`), and `NOT NULL` / `IS NULL`
 * are read as `NOTNULL` / `ISNULL`. A template's `{x}` stands for one name (the same one wherever it appears);
 * inside a quoted template name (`"rtree_{t}_{c}"`) it stands for that part of the name.
 */

type Token = { kind: 'word' | 'name' | 'punct'; text: string };

const PUNCTUATION = ['!=', '<>', '<=', '>=', '==', '||', '<<', '>>'];

/** The tokens of an SQL text, or undefined when it holds something a trigger template never does. */
function tokenize(sql: string): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  while (i < sql.length) {
    const char = sql[i]!;
    if (/\s/.test(char)) {
      i += 1;
    } else if (sql.startsWith('--', i)) {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
    } else if (sql.startsWith('/*', i)) {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if (char === "'" || char === '"' || char === '`' || char === '[') {
      const close = char === '[' ? ']' : char;
      let text = '';
      let j = i + 1;
      for (;;) {
        if (j >= sql.length) return undefined;
        if (sql[j] === close) {
          if (close !== ']' && sql[j + 1] === close) {
            text += close;
            j += 2;
            continue;
          }
          break;
        }
        text += sql[j];
        j += 1;
      }
      tokens.push({ kind: 'name', text });
      i = j + 1;
    } else if (/[A-Za-z0-9_.{}]/.test(char) && !(char === '.' && !/[0-9]/.test(sql[i + 1] ?? ''))) {
      const match = /^[A-Za-z0-9_{}]+(\.[0-9]+)?/.exec(sql.slice(i, i + 256));
      if (!match) return undefined;
      tokens.push({ kind: 'word', text: match[0] });
      i += match[0].length;
    } else {
      const two = sql.slice(i, i + 2);
      const text = PUNCTUATION.includes(two) ? two : char;
      tokens.push({ kind: 'punct', text });
      i += text.length;
    }
  }
  while (tokens.at(-1)?.text === ';') tokens.pop();
  return mergeNullTests(tokens);
}

/** `NOT NULL` → `NOTNULL`, `IS NULL` → `ISNULL` (the same test, written both ways by GDAL and the spec). */
function mergeNullTests(tokens: Token[]): Token[] {
  const merged: Token[] = [];
  for (const token of tokens) {
    const previous = merged.at(-1);
    const isNull = token.kind === 'word' && token.text.toUpperCase() === 'NULL';
    const previousWord = previous?.kind === 'word' ? previous.text.toUpperCase() : '';
    if (isNull && (previousWord === 'NOT' || previousWord === 'IS')) {
      merged[merged.length - 1] = { kind: 'word', text: `${previousWord}NULL` };
    } else {
      merged.push(token);
    }
  }
  return merged;
}

const PLACEHOLDER = /^\{([a-z]+)\}$/;

/** Whether `tokens` are `template`'s, with its placeholders bound consistently. */
function matches(template: Token[], tokens: Token[]): boolean {
  if (template.length !== tokens.length) return false;
  const bound = new Map<string, string>();
  const patterns: Array<{ pattern: string; value: string }> = [];
  for (const [index, expected] of template.entries()) {
    const actual = tokens[index]!;
    const placeholder = PLACEHOLDER.exec(expected.text)?.[1];
    if (placeholder) {
      if (actual.kind === 'punct') return false;
      const value = actual.text.toLowerCase();
      const earlier = bound.get(placeholder);
      if (earlier !== undefined && earlier !== value) return false;
      bound.set(placeholder, value);
    } else if (expected.kind === 'name' && expected.text.includes('{')) {
      if (actual.kind === 'punct') return false;
      patterns.push({ pattern: expected.text, value: actual.text.toLowerCase() });
    } else if (expected.kind === 'name') {
      if (actual.kind === 'punct' || actual.text.toLowerCase() !== expected.text.toLowerCase()) return false;
    } else if (
      (expected.kind === 'punct') !== (actual.kind === 'punct') ||
      actual.text.toUpperCase() !== expected.text.toUpperCase()
    ) {
      // A keyword or bare name of the template; the file may quote a name (`"gpkg_ogr_contents"`).
      return false;
    }
  }
  return patterns.every(
    ({ pattern, value }) =>
      pattern.toLowerCase().replace(/\{([a-z]+)\}/g, (_, name: string) => bound.get(name) ?? '\0') === value,
  );
}

const RTREE_BOX = 'ST_MinX(NEW.{c}), ST_MaxX(NEW.{c}), ST_MinY(NEW.{c}), ST_MaxY(NEW.{c})';

/** Trigger SQL as GDAL and the GeoPackage specification (1.0 to 1.4) write it. */
const TEMPLATES: string[] = [
  // R-tree spatial index (GeoPackage extension gpkg_rtree_index); update1 and update3 until GeoPackage 1.3,
  // update5 to update7 since 1.4.
  `CREATE TRIGGER "rtree_{t}_{c}_insert" AFTER INSERT ON {t} WHEN (new.{c} NOT NULL AND NOT ST_IsEmpty(NEW.{c}))
   BEGIN INSERT OR REPLACE INTO "rtree_{t}_{c}" VALUES (NEW.{i}, ${RTREE_BOX}); END`,
  `CREATE TRIGGER "rtree_{t}_{c}_update1" AFTER UPDATE OF {c} ON {t}
   WHEN OLD.{i} = NEW.{i} AND (NEW.{c} NOTNULL AND NOT ST_IsEmpty(NEW.{c}))
   BEGIN INSERT OR REPLACE INTO "rtree_{t}_{c}" VALUES (NEW.{i}, ${RTREE_BOX}); END`,
  `CREATE TRIGGER "rtree_{t}_{c}_update2" AFTER UPDATE OF {c} ON {t}
   WHEN OLD.{i} = NEW.{i} AND (NEW.{c} ISNULL OR ST_IsEmpty(NEW.{c}))
   BEGIN DELETE FROM "rtree_{t}_{c}" WHERE id = OLD.{i}; END`,
  `CREATE TRIGGER "rtree_{t}_{c}_update3" AFTER UPDATE ON {t}
   WHEN OLD.{i} != NEW.{i} AND (NEW.{c} NOTNULL AND NOT ST_IsEmpty(NEW.{c}))
   BEGIN DELETE FROM "rtree_{t}_{c}" WHERE id = OLD.{i};
   INSERT OR REPLACE INTO "rtree_{t}_{c}" VALUES (NEW.{i}, ${RTREE_BOX}); END`,
  `CREATE TRIGGER "rtree_{t}_{c}_update4" AFTER UPDATE ON {t}
   WHEN OLD.{i} != NEW.{i} AND (NEW.{c} ISNULL OR ST_IsEmpty(NEW.{c}))
   BEGIN DELETE FROM "rtree_{t}_{c}" WHERE id IN (OLD.{i}, NEW.{i}); END`,
  `CREATE TRIGGER "rtree_{t}_{c}_update5" AFTER UPDATE ON {t}
   WHEN OLD.{i} != NEW.{i} AND (NEW.{c} NOTNULL AND NOT ST_IsEmpty(NEW.{c}))
   BEGIN DELETE FROM "rtree_{t}_{c}" WHERE id = OLD.{i};
   INSERT OR REPLACE INTO "rtree_{t}_{c}" VALUES (NEW.{i}, ${RTREE_BOX}); END`,
  `CREATE TRIGGER "rtree_{t}_{c}_update6" AFTER UPDATE OF {c} ON {t}
   WHEN OLD.{i} = NEW.{i} AND (NEW.{c} NOTNULL AND NOT ST_IsEmpty(NEW.{c}))
   AND (OLD.{c} NOTNULL AND NOT ST_IsEmpty(OLD.{c}))
   BEGIN UPDATE "rtree_{t}_{c}" SET minx = ST_MinX(NEW.{c}), maxx = ST_MaxX(NEW.{c}),
   miny = ST_MinY(NEW.{c}), maxy = ST_MaxY(NEW.{c}) WHERE id = NEW.{i}; END`,
  `CREATE TRIGGER "rtree_{t}_{c}_update7" AFTER UPDATE OF {c} ON {t}
   WHEN OLD.{i} = NEW.{i} AND (NEW.{c} NOTNULL AND NOT ST_IsEmpty(NEW.{c}))
   AND (OLD.{c} ISNULL OR ST_IsEmpty(OLD.{c}))
   BEGIN INSERT INTO "rtree_{t}_{c}" VALUES (NEW.{i}, ${RTREE_BOX}); END`,
  `CREATE TRIGGER "rtree_{t}_{c}_delete" AFTER DELETE ON {t} WHEN old.{c} NOT NULL
   BEGIN DELETE FROM "rtree_{t}_{c}" WHERE id = OLD.{i}; END`,
  // OGR's feature counts in gpkg_ogr_contents (GDAL 2.2 and later).
  `CREATE TRIGGER "trigger_insert_feature_count_{t}" AFTER INSERT ON {t} BEGIN UPDATE gpkg_ogr_contents
   SET feature_count = feature_count + 1 WHERE lower(table_name) = lower('{t}'); END`,
  `CREATE TRIGGER "trigger_delete_feature_count_{t}" AFTER DELETE ON {t} BEGIN UPDATE gpkg_ogr_contents
   SET feature_count = feature_count - 1 WHERE lower(table_name) = lower('{t}'); END`,
  `CREATE TRIGGER "trigger_insert_feature_count_{t}" AFTER INSERT ON {t} BEGIN UPDATE gpkg_ogr_contents
   SET feature_count = feature_count + 1 WHERE table_name = '{t}'; END`,
  `CREATE TRIGGER "trigger_delete_feature_count_{t}" AFTER DELETE ON {t} BEGIN UPDATE gpkg_ogr_contents
   SET feature_count = feature_count - 1 WHERE table_name = '{t}'; END`,
  // The constraints of gpkg_tile_matrix (GeoPackage tiles; GDAL creates them in every file).
  `CREATE TRIGGER "gpkg_tile_matrix_{f}_insert" BEFORE INSERT ON 'gpkg_tile_matrix' FOR EACH ROW BEGIN
   SELECT RAISE(ABORT, {m}) WHERE (NEW.{f} < {n}); END`,
  `CREATE TRIGGER "gpkg_tile_matrix_{f}_update" BEFORE UPDATE OF {f} ON 'gpkg_tile_matrix' FOR EACH ROW BEGIN
   SELECT RAISE(ABORT, {m}) WHERE (NEW.{f} < {n}); END`,
  `CREATE TRIGGER "gpkg_tile_matrix_{f}_insert" BEFORE INSERT ON 'gpkg_tile_matrix' FOR EACH ROW BEGIN
   SELECT RAISE(ABORT, {m}) WHERE NOT (NEW.{f} > {n}); END`,
  `CREATE TRIGGER "gpkg_tile_matrix_{f}_update" BEFORE UPDATE OF {f} ON 'gpkg_tile_matrix' FOR EACH ROW BEGIN
   SELECT RAISE(ABORT, {m}) WHERE NOT (NEW.{f} > {n}); END`,
];

const TEMPLATE_TOKENS = TEMPLATES.map((template) => {
  const tokens = tokenize(template);
  if (!tokens) throw new Error(`Unreadable trigger template: ${template}`);
  return tokens;
});

/** Whether `sql` (a CREATE TRIGGER statement from sqlite_master) is one GDAL or the GeoPackage spec writes. */
export function isKnownTrigger(sql: string): boolean {
  const tokens = tokenize(sql);
  return tokens !== undefined && TEMPLATE_TOKENS.some((template) => matches(template, tokens));
}
