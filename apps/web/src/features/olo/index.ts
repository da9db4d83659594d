export { OloPage, PARTNER_NAME } from './olo-page';
