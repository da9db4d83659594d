export { ActivatePage } from './activate-page';
export { ActivateWithCodePage } from './activate-with-code-page';
