// /account/reset-phone-number (SPEC section 4 "Phone reset"): loaded lazily as its own route.
export { ResetPhoneNumberPage } from './reset-phone-number-page';
