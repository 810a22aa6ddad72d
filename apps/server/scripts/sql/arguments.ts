import type { Repositories } from '../../src/repositories/repositories.ts';
import { accountArguments } from './account-arguments.ts';
import { fileArguments } from './file-arguments.ts';
import { projectArguments } from './project-arguments.ts';
import type { Seeded } from './seed.ts';
import { serverArguments } from './server-arguments.ts';

/**
 * The placeholder arguments each repository method is called with to record its SQL (`generate.ts`): one argument
 * list, or named cases where the arguments change the statement's shape. A method missing here is a type error.
 */
type ArgumentsOf<F> = F extends (...args: infer A) => Promise<unknown> | AsyncIterable<unknown> ? A : never;
type Entry<F> = ArgumentsOf<F> | { [label: string]: ArgumentsOf<F> };
export type PlaceholderArguments = {
  [R in Exclude<keyof Repositories, 'transaction'>]: {
    [M in keyof Repositories[R]]: Entry<Repositories[R][M]>;
  };
};

/** Every repository method's placeholder arguments, over the seeded rows (by area, in the files beside this one). */
export function placeholderArguments(seeded: Seeded): PlaceholderArguments {
  return {
    ...accountArguments(seeded),
    ...projectArguments(seeded),
    ...fileArguments(seeded),
    ...serverArguments(seeded),
  };
}
