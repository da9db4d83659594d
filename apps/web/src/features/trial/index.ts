export { TrialPage, type TrialStatus } from './trial-page';
