export { GroupsSection } from './groups-section';
