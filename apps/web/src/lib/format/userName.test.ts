import { describe, expect, it } from 'vitest';
import { getInitials, getUserFullName, truncateName } from './userName.ts';

describe('truncateName', () => {
  it('keeps names of up to 15 characters', () => {
    expect(truncateName('Alice')).toBe('Alice');
    expect(truncateName('Exactly15Chars!')).toBe('Exactly15Chars!');
  });

  it('cuts longer names at 15 characters and adds an ellipsis', () => {
    expect(truncateName('Bartholomew Longname')).toBe('Bartholomew Lon...');
    expect(truncateName('Exactly16Chars!!')).toBe('Exactly16Chars!...');
  });
});

describe('getInitials', () => {
  it('takes the first letters of the first and last word of the name', () => {
    expect(getInitials('Ada Lovelace', 'ada')).toBe('AL');
    expect(getInitials('jean luc  picard', 'jlp')).toBe('JP');
  });

  it('falls back to the first two letters of the username', () => {
    expect(getInitials('', 'surveyor')).toBe('SU');
    expect(getInitials(null, 'bob')).toBe('BO');
    expect(getInitials('Cher', 'cher42')).toBe('CH');
    expect(getInitials('   ', 'x')).toBe('X');
  });
});

describe('getUserFullName', () => {
  it('uses the name, or the username when there is none', () => {
    expect(getUserFullName({ name: 'Ada Lovelace', username: 'ada' })).toBe('Ada Lovelace');
    expect(getUserFullName({ name: ' ', username: 'ada' })).toBe('ada');
  });
});
