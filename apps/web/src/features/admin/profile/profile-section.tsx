import { SectionPage, useFieldAppearance } from '../../../components/admin';
import { EmailCard } from './email-card';
import { PersonalDetailsCard } from './personal-details-card';
import { PhoneNumbersCard } from './phone-numbers-card';

/** The admin portal's Profile section (issue 4): the signed-in user's own details, for every user. */
export function ProfileSection() {
  const phoneNumber = useFieldAppearance('profile', 'phoneNumber');
  return (
    <SectionPage title="Profile" description="Your own details: your name, picture, email and phone numbers.">
      <PersonalDetailsCard />
      <EmailCard />
      {phoneNumber === 'hidden' ? null : <PhoneNumbersCard viewOnly={phoneNumber === 'viewOnly'} />}
    </SectionPage>
  );
}
