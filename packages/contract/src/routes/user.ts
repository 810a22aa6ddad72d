import { z } from 'zod';
import { userPublicSchema } from '../projects-v2.ts';
import { createUserRequestSchema, userInfoSchema, userProfileSchema } from '../user.ts';
import type { RouteTable } from './route.ts';

/** The signed-in user's profile and user creation by superusers and workspace admins. */
export const userRoutes = {
  profile: { method: 'GET', path: '/v1/user/profile', responses: { 200: userProfileSchema } },
  // Deprecated in the reference, which ignores the name and answers the caller's own figures.
  publicInfo: {
    method: 'GET',
    path: '/v1/user/:username',
    params: z.object({ username: z.string() }),
    responses: { 200: userPublicSchema },
  },
  create: {
    method: 'POST',
    path: '/v2/users',
    body: createUserRequestSchema,
    responses: { 201: userInfoSchema },
  },
} as const satisfies RouteTable;
