export * from './errors.ts';
export * from './limits.ts';
export * from './password.ts';
export * from './roles.ts';
export * from './service.ts';
export * from './texts.ts';
export * from './user.ts';
export * from './workspace.ts';
