// In a module of its own: the activation pages set it, and importing it from the product's rules would
// load all of them with those pages (3 kB of gzip, issue 17).

/** Local storage key holding the email that just verified, set when sign-up activation succeeds. */
export const USER_VERIFIED_KEY = 'userVerified';
