/** The bodies the teams endpoints take, checked with zod; the first problem is the 400's message. */
import type { Request } from 'express';
import { z } from 'zod';
import { HttpError } from '../http/errors';
import { cleanTeamName, TEAM_NAME_MAX } from './names';

export const ROLE_HELP = 'Use one of admin, editor or viewer (ownership moves only by a transfer).';
const NOT_AN_OBJECT = 'Send a JSON object with Content-Type: application/json.';
const ASSIGNABLE = ['admin', 'editor', 'viewer'] as const;

const role = (verb: string) =>
  z.enum(ASSIGNABLE, { error: (iss) => `"${String(iss.input)}" is not a role you can ${verb}. ${ROLE_HELP}` });

const NAME_HELP = `Give the team a name of 1 to ${TEAM_NAME_MAX} characters (line breaks and control characters are removed).`;

export const RenameBody = z.object(
  {
    name: z
      .string({ error: NAME_HELP })
      .transform(cleanTeamName)
      .refine((n) => n.length >= 1 && n.length <= TEAM_NAME_MAX, NAME_HELP),
  },
  { error: NOT_AN_OBJECT },
);

export const RoleBody = z.object({ role: role('give') }, { error: NOT_AN_OBJECT });

/** `email` is checked by normaliseEmail (server/auth/users), which words its own message. */
export const InviteBody = z.object({ email: z.unknown(), role: role('invite with').default('editor') }, { error: NOT_AN_OBJECT });

export const TransferBody = z.object(
  { user_id: z.string({ error: 'Say who becomes the owner: { "user_id": "…" } of a current member.' }).min(1, 'Say who becomes the owner: { "user_id": "…" } of a current member.') },
  { error: NOT_AN_OBJECT },
);

/** The parsed body, or a 400 with the first problem. An absent body reads as `{}`. */
export function parseBody<T>(schema: z.ZodType<T>, req: Request): T {
  const result = schema.safeParse(req.body ?? {});
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'The request is not valid.');
  return result.data;
}
