import { describe, expect, it } from 'vitest';
import { PROJECT_NAME_MAX_LENGTH } from './limits.ts';
import { PROJECT_NAME_TEXTS, projectNameError } from './project.ts';

describe('projectNameError', () => {
  it('tells the limit of a name that is too long, and takes one of exactly the limit', () => {
    expect(projectNameError('p'.repeat(PROJECT_NAME_MAX_LENGTH))).toBeNull();
    expect(projectNameError('p'.repeat(PROJECT_NAME_MAX_LENGTH + 1))).toBe(
      'Project name can be at most 255 characters long.',
    );
  });

  it("keeps the reference's texts for the other rules", () => {
    expect(projectNameError('  ')).toBe(PROJECT_NAME_TEXTS.empty);
    expect(projectNameError('a/b')).toBe(PROJECT_NAME_TEXTS.characters);
    expect(projectNameError('.x')).toBe(PROJECT_NAME_TEXTS.firstCharacter);
    expect(projectNameError('admin')).toBe('The provided value is invalid.');
    expect(projectNameError('name.')).toBe('The provided value is invalid.');
  });
});
