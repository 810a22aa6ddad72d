import { unlink } from 'node:fs/promises';

/**
 * Removes a file if it is there: one `unlink`, a missing file being no error. `fs.rm` with `force` does the same
 * with an `lstat` first and its recursive remover around it (twice the system calls and ~2× the CPU for a file
 * that is not there, the usual case of the push's chunk markers).
 */
export async function removeFile(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
