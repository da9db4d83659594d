import { StepUpPage } from '../features/mfa';
import { ThemeProvider } from './theme-provider';

// The step-up page's MFA steps are Mantine's components: Mantine's theme provider comes with them, in
// this page's chunk (the login box's route table brings none, issue 17).
export function StepUpWithTheme() {
  return (
    <ThemeProvider>
      <StepUpPage />
    </ThemeProvider>
  );
}
