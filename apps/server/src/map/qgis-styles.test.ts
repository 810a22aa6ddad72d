import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { colorOf, gpkgSourceOf, readQgisProjectStyles, readQgisStyles } from './qgis-styles.ts';

/** map.qgs: a QGIS 3.34 project written after QGIS's format for the layers of map.gpkg beside it. */
const MAP_QGS = path.resolve(import.meta.dirname, '../../test/fixtures/map/map.qgs');
const xml = readFileSync(MAP_QGS, 'utf8');

const DARK = { color: '#232323', opacity: 1 };

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'waymark-qgis-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A .qgz as QGIS saves it: the project and its auxiliary database in a zip. */
async function qgz(file: string, entries: Record<string, string>): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  await finished(zip.outputStream.pipe(createWriteStream(file)));
}

describe('the colours of a QGIS project', () => {
  it('takes single symbols and categories of plain colours, matched to GeoPackage tables by their source', () => {
    const styles = readQgisStyles(xml, 'map.qgs');
    expect(styles.map((style) => `${style.file}|${style.table}`)).toEqual([
      'map.gpkg|points_4326',
      'map.gpkg|lines_27700',
      'map.gpkg|polygons_5514',
      // points_3857 (an SVG marker), multipoints_4326 (rules) and the CSV layer have no plain colours;
      'elsewhere.gpkg|points_zm',
    ]);
    expect(styles[0]!.style).toEqual({
      renderer: 'single',
      symbol: { fill: { color: '#e31a1c', opacity: 1 }, stroke: DARK },
    });
    // The layer's opacity (0.8) is the colour's.
    expect(styles[1]!.style).toEqual({
      renderer: 'single',
      symbol: { fill: null, stroke: { color: '#ff7f00', opacity: 0.8 } },
    });
    expect(styles[2]!.style).toEqual({
      renderer: 'categorized',
      field: 'area_class',
      categories: [
        { values: ['park'], label: 'Park', symbol: { fill: { color: '#33a02c', opacity: 1 }, stroke: DARK } },
        {
          values: ['water'],
          label: 'Water',
          symbol: { fill: { color: '#1f78b4', opacity: 1 }, stroke: DARK },
        },
      ],
      other: { fill: { color: '#b2b2b2', opacity: 1 }, stroke: DARK },
    });
  });

  it('resolves sources against the project file’s folder, and leaves out paths outside the project', () => {
    expect(gpkgSourceOf('./places.gpkg|layername=points', 'survey/project.qgs')).toEqual({
      file: 'survey/places.gpkg',
      table: 'points',
    });
    expect(gpkgSourceOf('../data/places.gpkg|layername=points', 'survey/project.qgs')).toEqual({
      file: 'data/places.gpkg',
      table: 'points',
    });
    expect(gpkgSourceOf('data\\places.gpkg|layername=points|subset="x" > 1', 'project.qgs')).toEqual({
      file: 'data/places.gpkg',
      table: 'points',
    });
    expect(gpkgSourceOf('../places.gpkg|layername=points', 'project.qgs')).toBeUndefined();
    expect(gpkgSourceOf('/home/surveyor/places.gpkg|layername=points', 'project.qgs')).toBeUndefined();
    expect(gpkgSourceOf('C:/Users/surveyor/places.gpkg|layername=points', 'project.qgs')).toBeUndefined();
    expect(gpkgSourceOf('./places.gpkg|layerid=0', 'project.qgs')).toBeUndefined();
    expect(gpkgSourceOf('./places.shp', 'project.qgs')).toBeUndefined();
  });

  it('reads colours as QGIS writes them, before and since 3.34', () => {
    expect(colorOf('51,160,44,255,rgb:0.2,0.627,0.172,1', 1)).toEqual({ color: '#33a02c', opacity: 1 });
    expect(colorOf('0,0,0,128', 0.5)).toEqual({ color: '#000000', opacity: 0.251 });
    expect(colorOf('#1F78B4', 1)).toEqual({ color: '#1f78b4', opacity: 1 });
    expect(colorOf('red', 1)).toBeUndefined();
    expect(colorOf('300,0,0,255', 1)).toBeUndefined();
  });

  it('reads the older <prop> form, lists of values, switched-off categories and quoted fields', () => {
    const older = `<qgis version="3.16.3-Hannover"><projectlayers>
      <maplayer type="vector"><datasource>./a.gpkg|layername=roads</datasource><provider encoding="UTF-8">ogr</provider>
        <renderer-v2 type="categorizedSymbol" attr="&quot;road class&quot;">
          <categories>
            <category symbol="0" label="Big" render="true"><val value="1" type="int"/><val value="2" type="int"/></category>
            <category symbol="1" value="3" label="Track" render="false" type="int"/>
          </categories>
          <symbols>
            <symbol type="line" name="0" alpha="0.5"><layer class="SimpleLine" enabled="1"><prop k="line_color" v="10,20,30,255"/></layer></symbol>
            <symbol type="line" name="1" alpha="1"><layer class="SimpleLine" enabled="1"><prop k="line_color" v="1,2,3,255"/></layer></symbol>
          </symbols>
        </renderer-v2>
      </maplayer></projectlayers></qgis>`;
    expect(readQgisStyles(older, 'roads.qgs')).toEqual([
      {
        file: 'a.gpkg',
        table: 'roads',
        style: {
          renderer: 'categorized',
          field: 'road class',
          categories: [
            {
              values: ['1', '2'],
              label: 'Big',
              symbol: { fill: null, stroke: { color: '#0a141e', opacity: 0.5 } },
            },
            { values: ['3'], label: 'Track', symbol: null },
          ],
          other: null,
        },
      },
    ]);
  });

  it('draws no colours it cannot follow: expressions, non-simple symbol layers, fills of style "no"', () => {
    const layer = (renderer: string) =>
      `<qgis><projectlayers><maplayer type="vector"><datasource>./a.gpkg|layername=t</datasource><provider>ogr</provider>${renderer}</maplayer></projectlayers></qgis>`;
    const expression = layer(
      `<renderer-v2 type="categorizedSymbol" attr="upper(&quot;kind&quot;)"><categories><category symbol="0" value="A" label="A" render="true"/></categories><symbols><symbol name="0"><layer class="SimpleFill" enabled="1"><Option type="Map"><Option name="color" value="1,2,3,255"/></Option></layer></symbol></symbols></renderer-v2>`,
    );
    expect(readQgisStyles(expression, 'p.qgs')).toEqual([]);
    const mixed = layer(
      `<renderer-v2 type="singleSymbol"><symbols><symbol name="0"><layer class="SimpleFill" enabled="1"><Option type="Map"><Option name="color" value="1,2,3,255"/></Option></layer><layer class="GradientFill" enabled="1"/></symbol></symbols></renderer-v2>`,
    );
    expect(readQgisStyles(mixed, 'p.qgs')).toEqual([]);
    const outlineOnly = layer(
      `<renderer-v2 type="singleSymbol"><symbols><symbol name="0"><layer class="GradientFill" enabled="0"/><layer class="SimpleFill" enabled="1"><Option type="Map"><Option name="color" value="1,2,3,255"/><Option name="style" value="no"/><Option name="outline_color" value="4,5,6,255"/></Option></layer></symbol></symbols></renderer-v2>`,
    );
    expect(readQgisStyles(outlineOnly, 'p.qgs')).toEqual([
      {
        file: 'a.gpkg',
        table: 't',
        style: { renderer: 'single', symbol: { fill: null, stroke: { color: '#040506', opacity: 1 } } },
      },
    ]);
  });

  it('refuses broken XML with an error the caller turns into no colours', () => {
    expect(() => readQgisStyles('<qgis><projectlayers><maplayer', 'p.qgs')).toThrow();
  });
});

describe('project files', () => {
  it('reads a .qgs and the .qgs inside a .qgz, and none past the size limit', async () => {
    const qgs = path.join(work, 'stored-qgs');
    writeFileSync(qgs, xml);
    const fromQgs = await readQgisProjectStyles(qgs, 'survey/map.qgs');
    expect(fromQgs.map((style) => style.file)).toContain('survey/map.gpkg');

    const zipped = path.join(work, 'stored-qgz');
    await qgz(zipped, { 'map.qgd': 'auxiliary storage', 'map.qgs': xml });
    const fromQgz = await readQgisProjectStyles(zipped, 'map.qgz');
    expect(fromQgz).toEqual(readQgisStyles(xml, 'map.qgz'));
    expect(fromQgz).toHaveLength(4);

    expect(await readQgisProjectStyles(qgs, 'map.qgs', 1000)).toEqual([]);
    expect(await readQgisProjectStyles(zipped, 'map.qgz', 1000)).toEqual([]);
    const withoutProject = path.join(work, 'stored-empty-qgz');
    await qgz(withoutProject, { 'readme.txt': 'no project here' });
    expect(await readQgisProjectStyles(withoutProject, 'map.qgz')).toEqual([]);
  });
});
