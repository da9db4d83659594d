import { expect, type APIRequestContext } from '@playwright/test';

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** Waits for the newest dev-mailbox message to `to` whose text contains a link to `path`, and returns the link. */
export async function waitForMailLink(request: APIRequestContext, to: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/api/mailbox?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as MailMessage[];
        link = messages
          .flatMap((message) => findLinks(message.text))
          .find((url) => new URL(url).pathname === path);
        return link;
      },
      { message: `a mail to ${to} with a link to ${path}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link as string;
}

function findLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((match) => match[0]);
}
