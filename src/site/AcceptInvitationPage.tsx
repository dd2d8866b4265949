import { ComingSoon } from '../ui/ComingSoon';

export default function AcceptInvitationPage() {
  return (
    <ComingSoon
      title="Accept Invitation"
      description="Join a team you have been invited to and share its subscription."
    />
  );
}
