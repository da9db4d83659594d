export { UnlockPage } from './unlock-page';
