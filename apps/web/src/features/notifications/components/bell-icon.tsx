export { BellIcon } from '../../../components/icons';
