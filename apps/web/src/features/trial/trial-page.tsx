import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { getAnalyticsSink } from '../../lib/analytics';
import { mailto, useConfig } from '../../lib/config';
import { useGoTo } from '../../lib/landing';
import { useServerNow } from '../../lib/server-time';
import { local } from '../../lib/storage';
import {
  COUNTDOWN_REFRESH_MS,
  getCountdown,
  getExpirationDate,
  getExpiryInstant,
  pushTrialSuccessOnce,
  type Countdown as CountdownValue,
} from '../../product';
import { useActiveTenant, useAuthState } from '../../sdk';
import { Countdown } from './countdown';

export type TrialStatus = 'started' | 'ended';

const ZERO: CountdownValue = { days: 0, hours: 0, minutes: 0 };

/** /trial-started and /trial-ended: one screen, two statuses (SPEC section 2). */
export function TrialPage({ status }: { status: TrialStatus }) {
  const { user } = useAuthState();
  const tenant = useActiveTenant();
  const { mainAppUrl, salesEmail, gtmContainerId } = useConfig();
  // The server's clock decides expiry (the layout moves an open page to /trial-ended by the same clock).
  const { now } = useServerNow(COUNTDOWN_REFRESH_MS);
  const goTo = useGoTo();
  const navigate = useNavigate();
  const pushed = useRef(false);

  // The one-time 'trial_success_registration' event, for the user who just verified their email.
  useEffect(() => {
    if (status !== 'started' || !user || pushed.current) return;
    pushed.current = true;
    pushTrialSuccessOnce(user, local, getAnalyticsSink(gtmContainerId));
  }, [status, user, gtmContainerId]);

  const expirationDate = user ? getExpirationDate(user, tenant) : null;
  const countdown =
    status === 'ended' || !expirationDate ? ZERO : getCountdown(getExpiryInstant(expirationDate), now);

  if (status === 'ended') {
    return (
      <Stack gap="lg" align="center" ta="center">
        <Title order={1} fz={28}>
          End of free trial
        </Title>
        <Text c="dimmed" maw={440}>
          Your free trial of Brizo FoodMetrics has ended. To extend your trial or book a live demo,{' '}
          <Anchor href={mailto(salesEmail)} fw={600}>
            contact our sales team
          </Anchor>
          .
        </Text>
        <Countdown value={countdown} />
        <Button variant="default" onClick={() => void navigate(paths.logout)} miw={180}>
          Logout
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" align="center" ta="center">
      <Title order={1} fz={28}>
        Welcome to your free trial
      </Title>
      <Text c="dimmed" maw={440}>
        Experience the benefits of using Brizo FoodMetrics.
      </Text>
      <Countdown value={countdown} />
      <Button onClick={() => goTo(mainAppUrl)} miw={220}>
        Try Brizo FoodMetrics
      </Button>
    </Stack>
  );
}
