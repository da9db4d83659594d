export { OAuthCallbackPage } from './oauth-callback-page';
