import { describe, expect, it } from 'vitest';
import { pathOf } from './route.ts';

describe('pathOf', () => {
  it('puts each parameter in its place, URI-encoded', () => {
    expect(pathOf({ path: '/v1/project/:namespace/:name' }, { namespace: 'my ws', name: 'a/b?c' })).toBe(
      '/v1/project/my%20ws/a%2Fb%3Fc',
    );
  });

  it('stops a parameter name at a dot, as Fastify does', () => {
    expect(pathOf({ path: '/t/:z/:x/:y.pbf' }, { z: 1, x: 2, y: 3 })).toBe('/t/1/2/3.pbf');
  });

  it('refuses a missing parameter', () => {
    expect(() => pathOf({ path: '/v2/projects/:id' }, {})).toThrow('/v2/projects/:id needs the parameter id');
  });
});
