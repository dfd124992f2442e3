// A staff invitation (docs/security.md#staff): read it, and accept it by setting the password. The link was
// mailed by the operator's `npm run staff:invite`; nothing on the site makes one.
import { refuseCommonPassword } from '../account/newPasswords.ts';
import { audit } from '../platform/audit.ts';
import { problems } from '../platform/problem.ts';
import type { Handlers, Services } from '../services.ts';
import { acceptInvitation, invitationRefusal, peekInvitation } from '../staff/invitations.ts';
import { countedLink } from './tokens.ts';

export function staffInvitationHandlers(
  s: Services,
): Handlers<'getStaffInvitation' | 'acceptStaffInvitation'> {
  const { db } = s;
  const live = (request: Parameters<typeof countedLink>[1], token: string) =>
    countedLink(
      s,
      request,
      () => peekInvitation(db, s, token),
      () => invitationRefusal(db, s, token),
    );
  return {
    async getStaffInvitation(request) {
      const invitation = await live(request, request.params.token);
      audit(request, 'invitation.read', { accountId: invitation.staffId }, 'staff');
      return {
        email: invitation.email,
        ...invitation.assignment,
        expiresAt: invitation.expiresAt.toISOString(),
      };
    },

    async acceptStaffInvitation(request, reply) {
      const { token } = request.params;
      // The link first: an unknown one costs a lookup, never a hash.
      const invitation = await live(request, token);
      refuseCommonPassword('password', request.body.password, invitation.email);
      const passwordHash = await s.passwords.hash(request.body.password);
      const staffId = await db.transaction(async (tx) => {
        const accepted = await acceptInvitation(tx, s, token, passwordHash);
        if (!accepted) throw problems.tokenNotFound(await invitationRefusal(tx, s, token));
        return accepted;
      });
      audit(request, 'invitation.accepted', { accountId: staffId }, 'staff');
      return reply.code(204).send();
    },
  };
}
