import type { UseFormReturnType } from '@mantine/form';
import type { EventFormValues } from '../event-form';

export type EventForm = UseFormReturnType<EventFormValues>;
