export {
  ArchiveIcon,
  BackIcon,
  EditIcon,
  GripIcon,
  PinIcon,
  PlusIcon,
  RestoreIcon,
} from '../../../components/icons';
