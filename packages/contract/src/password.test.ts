import { describe, expect, it } from 'vitest';
import { isStrongPassword, passwordProblem } from './password.ts';

describe('isStrongPassword', () => {
  it('needs at least 8 characters', () => {
    expect(isStrongPassword('Ab1!xyz')).toBe(false);
    expect(isStrongPassword('Ab1!xyzw')).toBe(true);
  });

  it('needs 3 of the 4 character categories', () => {
    expect(isStrongPassword('abcdefgh1')).toBe(false);
    expect(isStrongPassword('abcdefgH1')).toBe(true);
    expect(isStrongPassword('abcdefg#1')).toBe(true);
    expect(isStrongPassword('ABCDEFG#1')).toBe(true);
  });
});

describe('passwordProblem', () => {
  it("words a refusal as the reference server's API does", () => {
    expect(passwordProblem('Ab1!xyz')).toBe('Passwords must be at least 8 characters long.');
    expect(passwordProblem('abcdefgh1')).toBe('Password is not strong enough');
    expect(passwordProblem('abcdefgH1')).toBeUndefined();
  });
});
