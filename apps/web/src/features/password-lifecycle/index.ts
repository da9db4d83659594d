export { PasswordLifecycleStep } from './password-lifecycle-step';
