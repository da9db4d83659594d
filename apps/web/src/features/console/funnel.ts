import type { FunnelCounts, FunnelStage } from '@brizo/contract/entities/trial-console';

// The funnel tab's arithmetic: the default range, each stage's share of the sign-ups, and bar lengths.

export const stageLabels: Record<FunnelStage, string> = {
  signUps: 'Sign-ups',
  activations: 'Activations',
  firstSignIns: 'First sign-ins',
  trials: 'Trials',
  paid: 'Paid',
};

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The last twelve weeks up to today (UTC), as the funnel opens. */
export function defaultRange(now: Date): { from: string; to: string } {
  return { from: isoDay(new Date(now.getTime() - (12 * 7 - 1) * DAY_MS)), to: isoDay(now) };
}

/** A stage's share of the group's sign-ups, rounded ("—" without sign-ups). */
export function shareOf(counts: FunnelCounts, stage: FunnelStage): string {
  if (counts.signUps === 0) return '—';
  return `${Math.round((counts[stage] / counts.signUps) * 100)}%`;
}

/** A bar's length in percent of the largest group's sign-ups. */
export function barLength(value: number, largest: number): number {
  return largest <= 0 ? 0 : Math.round((value / largest) * 100);
}
