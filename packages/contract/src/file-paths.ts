/**
 * Rules for the paths of project files, shared by the server (which enforces them on every push) and the web
 * app (which checks dropped files before it uploads). They follow the reference server's checks.
 */

/** Longest accepted file path, in characters; each folder or file name may hold at most 255 UTF-8 bytes. */
export const MAX_FILE_PATH_LENGTH = 1024;
export const MAX_FILE_NAME_BYTES = 255;

/** Folders and file names the sync clients never upload (reference: BLACKLIST), as `/ping` reports them. */
export const BLACKLIST_DIRS = ['.mergin'] as const;
export const BLACKLIST_FILES = ['.DS_Store', '.directory'] as const;

/** Extensions refused on upload (reference: FORBIDDEN_EXTENSIONS): executables and scripts. */
export const FORBIDDEN_EXTENSIONS: ReadonlySet<string> = new Set(
  (
    'ade adp app appcontent-ms application appref-ms asp aspx asx bas bat bgi cab cdxml cer chm cmd cnt com ' +
    'cpl crt csh der diagcab dll drv exe fxp gadget grp hlp hpj hta htc htaccess htpasswd inf ins iso isp its ' +
    'jar jnlp js jse jsp ksh lnk mad maf mag mam maq mar mas mat mau mav maw mcf mda mdb mde mdt mdw mdz msc ' +
    'mht mhtml msh msh1 msh2 mshxml msh1xml msh2xml msi msp mst msu ops osd pcd pif pl plg prf prg ' +
    'printerexport ps1 ps1xml ps2 ps2xml psc1 psc2 psd1 psdm1 pssc pst py pyc pyo pyw pyz pyzw reg scf scr ' +
    'sct settingcontent-ms sh shb shs sys theme tmp torrent url vb vbe vbp vbs vhd vhdx vsmacros vsw webpnp ' +
    'website ws wsb wsc wsf wsh xbap xll xnk'
  )
    .split(' ')
    .map((ext) => `.${ext}`),
);

/** Characters Windows cannot store in a name (the reference validates for every platform), and controls. */
// eslint-disable-next-line no-control-regex
const INVALID_NAME_CHARACTERS = /[\u0000-\u001f\u007f<>:"|?*\\]/;
/**
 * Device names Windows reserves, with or without an extension (`CON.png` is refused, `CONfile.png` is not), as
 * a folder or a file name (the reference checks every part of the path).
 */
const WINDOWS_RESERVED_NAME = /^(con|prn|aux|nul|clock\$|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\..*)?$/i;
/**
 * Characters that change how a name is shown without being seen: bidirectional controls (a name that reads
 * `photo.jpg` but is `gpj.exe`) and zero-width characters (two names that look the same). The joiners U+200C
 * and U+200D are left out: Persian, Indic scripts and emoji need them.
 */
const INVISIBLE_CHARACTERS = /[\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

/** The extension of a path's file name, lower case with its dot (`''` when there is none). */
export function fileExtension(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** GeoPackages and SQLite files: versioned by changesets (reference: `is_versioned_file`). */
export function isVersionedFile(path: string): boolean {
  const ext = fileExtension(path);
  return ext === '.gpkg' || ext === '.sqlite';
}

/** QGIS project files. */
export function isQgisProjectFile(path: string): boolean {
  const ext = fileExtension(path);
  return ext === '.qgs' || ext === '.qgz';
}

/** The reference's substring rules: a folder part containing `.mergin`, a file name containing `.DS_Store`… */
export function isBlacklistedPath(
  path: string,
  dirs: readonly string[] = BLACKLIST_DIRS,
  files: readonly string[] = BLACKLIST_FILES,
): boolean {
  const slash = path.lastIndexOf('/');
  const folder = slash >= 0 ? path.slice(0, slash) : '';
  const name = path.slice(slash + 1);
  return dirs.some((dir) => folder.includes(dir)) || files.some((file) => name.includes(file));
}

export type FilePathProblem = 'invalid' | 'forbidden-type' | 'trailing-space';

/**
 * What is wrong with a project file path, or null when it may be stored. Paths are relative, `/`-separated,
 * already normal: no leading `/`, drive letter, backslash, empty, `.` or `..` part, no `./`, no characters
 * Windows cannot store, no reserved device names, within the length limits.
 */
export function filePathProblem(path: string): FilePathProblem | null {
  if (!path || path.length > MAX_FILE_PATH_LENGTH) return 'invalid';
  if (path.startsWith('/') || path.endsWith('/') || /\.[/\\]/.test(path) || /^[a-z]:/i.test(path))
    return 'invalid';
  const parts = path.split('/');
  const encoder = new TextEncoder();
  for (const part of parts) {
    if (part === '' || part === '.' || part === '..') return 'invalid';
    if (INVALID_NAME_CHARACTERS.test(part) || WINDOWS_RESERVED_NAME.test(part)) return 'invalid';
    if (encoder.encode(part).length > MAX_FILE_NAME_BYTES) return 'invalid';
  }
  const name = parts[parts.length - 1] ?? '';
  if (name.endsWith('.') || name.trim() === '') return 'invalid';
  if (FORBIDDEN_EXTENSIONS.has(fileExtension(path))) return 'forbidden-type';
  return null;
}

/**
 * Whether a path holds bidirectional controls or zero-width characters (refused in new files, like trailing
 * spaces: files stored before the rule stay updatable).
 */
export function hasInvisibleCharacter(path: string): boolean {
  return INVISIBLE_CHARACTERS.test(path);
}

/** A folder (or the file name) with spaces at its end: such projects cannot be downloaded on Windows. */
export function hasTrailingSpace(path: string): boolean {
  return path.split('/').some((part) => part !== part.trimEnd());
}

/** Files the sync clients ignore when they compare (SPEC §5): SQLite's side files, backups, swap files. */
export function isIgnoredInComparison(path: string): boolean {
  return /(-shm|-wal|~|pyc|swap)$/.test(path);
}
