import { AccountDetailsCard } from '../features/account/components/AccountDetailsCard.tsx';
import { AdvancedSettings } from '../features/account/components/AdvancedSettings.tsx';
import { OwnAccessRequests } from '../features/account/components/OwnAccessRequests.tsx';
import { SecurityCard } from '../features/security/components/SecurityCard.tsx';
import '../features/account/components/account.css';
import { useSession } from '../features/session/hooks/useSession.ts';

/**
 * /profile (SPEC §2 "Profile page"): details, security (password, two-factor sign-in, personal access tokens; issue
 * 29), own access requests, notifications and closing the account.
 */
export function ProfilePage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="account-page" data-testid="profile-page">
      <AccountDetailsCard user={user} />
      <SecurityCard />
      <OwnAccessRequests />
      <AdvancedSettings user={user} />
    </div>
  );
}
