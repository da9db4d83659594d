// The policy impact preview (issue 14), shared by the Security and SSO sections' forms.
export { PolicyImpactDialog } from './policy-impact-dialog';
export {
  usePolicyImpact,
  type ImpactCheck,
  type ImpactDecision,
  type PolicyImpact,
} from './use-policy-impact';
