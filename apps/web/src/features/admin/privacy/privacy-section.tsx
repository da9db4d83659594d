import { SectionPage, useAdminPortal, useFieldAppearance } from '../../../components/admin';
import { useFeatureFlag } from '../../../sdk';
import { MfaCard } from './mfa-card';
import { PasskeysCard } from './passkeys-card';
import { PasswordCard } from './password-card';
import { SessionsCard } from './sessions-card';

/** The admin portal's Privacy section (issue 4): how the signed-in user signs in, and where. */
export function PrivacySection() {
  const { preview } = useAdminPortal();
  const mfa = useFieldAppearance('privacy', 'mfa');
  const loginSessions = useFieldAppearance('privacy', 'loginSessions');
  // SPEC section 9: 'show-passkeys-new' (on by default) can take passkeys out of the portal too.
  const passkeysShown = useFeatureFlag('show-passkeys-new');
  return (
    <SectionPage title="Privacy" description="Your second factors, sessions, passkeys and password.">
      {mfa === 'hidden' ? null : <MfaCard viewOnly={mfa === 'viewOnly'} preview={preview} />}
      {loginSessions === 'hidden' ? null : <SessionsCard viewOnly={loginSessions === 'viewOnly'} />}
      {passkeysShown ? <PasskeysCard /> : null}
      <PasswordCard />
    </SectionPage>
  );
}
