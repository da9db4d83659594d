export { AcceptInvitationPage, AcceptInvitationWithCodePage } from './accept-invitation-page';
