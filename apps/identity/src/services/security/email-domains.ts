import { createRequire } from 'node:module';
import { z } from 'zod';

// email-providers' all.json: the maintained list of personal and free-mail domains.
const require = createRequire(import.meta.url);
const personalDomains = new Set(
  z
    .array(z.string())
    .parse(require('email-providers/all.json'))
    .map((domain) => domain.toLowerCase()),
);

export const emailDomain = (email: string): string => email.trim().toLowerCase().split('@').pop() ?? '';

/** A personal or free-mail address (gmail.com, outlook.com...): such sign-ups land under review. */
export const isPersonalEmail = (email: string): boolean => personalDomains.has(emailDomain(email));
