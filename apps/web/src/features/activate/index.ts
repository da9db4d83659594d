export { ActivatePage, ActivateWithCodePage } from './activate-page';
