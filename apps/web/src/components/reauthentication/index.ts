export { guardWith, ReauthenticationProvider } from './reauthentication-provider';
