import { expect, test, type APIRequestContext } from '@playwright/test';
import { NEW_PASSWORD } from '../support/identities';
import { bearerOf, createActiveUser } from '../support/lifecycle';

interface MailMessage {
  text: string;
}

async function inviteExistingUser(request: APIRequestContext, label: string) {
  const admin = await createActiveUser(request, `${label}-admin`, NEW_PASSWORD);
  const invitee = await createActiveUser(request, `${label}-invitee`, NEW_PASSWORD);
  const authorization = await bearerOf(request, admin.email, NEW_PASSWORD);
  const invited = await request.post('/frontegg/identity/resources/users/v1', {
    headers: { authorization },
    data: { email: invitee.email },
  });
  expect(invited.ok(), await invited.text()).toBeTruthy();
  let text = '';
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/api/mailbox?to=${encodeURIComponent(invitee.email)}`);
      text =
        ((await response.json()) as MailMessage[]).find((mail) => mail.text.includes('/account/invitation/'))
          ?.text ?? '';
      return text;
    })
    .toBeTruthy();
  const acceptUrl = text.match(/https?:\/\/\S+\/account\/invitation\/accept\?\S+/)?.[0] ?? '';
  const codeUrl = text.match(/https?:\/\/\S+\/account\/invitation\/code\?\S+/)?.[0] ?? '';
  const code = text.match(/enter this code: (\d{6})/)?.[1] ?? '';
  return { invitee, acceptUrl, codeUrl, code };
}

test('an invited user accepts with the mailed link (pending, success); the link works once (failed)', async ({
  page,
  request,
}) => {
  const { acceptUrl } = await inviteExistingUser(request, 'invite-link');
  await page.goto(acceptUrl);
  await expect(page.getByRole('heading', { name: 'Invitation accepted' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  await page.goto(acceptUrl);
  await expect(page.getByRole('alert')).toContainText("We couldn't verify your invitation");
  await expect(page.getByRole('link', { name: 'Contact Support' })).toBeVisible();
});

test('the code variant accepts with the mailed code', async ({ page, request }) => {
  const { codeUrl, code } = await inviteExistingUser(request, 'invite-code');
  await page.goto(codeUrl);
  await page.getByRole('textbox', { name: 'Code' }).fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByRole('alert')).toContainText("We couldn't verify your invitation");
  await page.getByRole('textbox', { name: 'Code' }).fill(code);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByRole('heading', { name: 'Invitation accepted' })).toBeVisible();
});

test('an invitation link without token and userId is invalid', async ({ page }) => {
  await page.goto('/account/invitation/accept');
  await expect(page.getByRole('alert')).toContainText('This invitation link is incomplete');
  await page.goto('/account/invitation/code?userId=abc');
  await expect(page.getByRole('alert')).toContainText('This invitation link is incomplete');
});
