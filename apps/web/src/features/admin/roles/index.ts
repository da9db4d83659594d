export { RolesSection } from './roles-section';
