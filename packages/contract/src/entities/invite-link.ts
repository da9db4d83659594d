import { z } from 'zod';

/** SPEC section 3 "Invite link": the account's link a new member signs up through. */
export const inviteLinkSchema = z.object({
  id: z.string(),
  vendorId: z.string(),
  tenantId: z.string(),
  userId: z.string().optional(),
  token: z.string(),
  expires: z.string(),
  shouldSendEmail: z.boolean(),
  roleIds: z.array(z.string()),
});
export type InviteLink = z.infer<typeof inviteLinkSchema>;
