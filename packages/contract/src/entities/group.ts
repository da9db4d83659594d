import { z } from 'zod';
import { roleWithFirstUserSchema } from './role.js';

/** SPEC section 3 "Group", with its roles and users when asked for (`_groupsRelations`). */
export const groupSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().optional(),
    color: z.string().optional(),
    metadata: z.string().optional(),
    managedBy: z.literal('frontegg'),
    createdAt: z.string(),
    updatedAt: z.string(),
    roles: z.array(roleWithFirstUserSchema).optional(),
    users: z
      .array(
        z.object({
          id: z.string(),
          email: z.string(),
          name: z.string(),
          profilePictureUrl: z.string().nullable(),
          activatedForTenant: z.boolean(),
          createdAt: z.string(),
        }),
      )
      .optional(),
  })
  .meta({ id: 'Group' });
export type Group = z.infer<typeof groupSchema>;

/** SPEC section 3 "Group configuration": whether groups, and roles on groups, are in use. */
export const groupsConfigurationSchema = z.object({ enabled: z.boolean(), rolesEnabled: z.boolean() });
export type GroupsConfiguration = z.infer<typeof groupsConfigurationSchema>;
