/** SPEC section 2, /under-review: also what a personal-email sign-up is told (SPEC section 6). */
export const UNDER_REVIEW_MESSAGE =
  'We are reviewing your application because you used a personal email address. We will be in touch with you shortly. Thank you for your patience.';
