import { ComingSoon } from '../ui/ComingSoon';

export default function AuthPage() {
  return (
    <ComingSoon
      title="Sign In"
      description="Sign in or create an account to start your free trial and use the app."
    />
  );
}
