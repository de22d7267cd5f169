export { LogoutIcon, SettingsIcon } from '../../../components/icons';
