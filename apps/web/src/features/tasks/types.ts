import type { Role } from '@rope/domain/roles';
import type { TaskAttributes } from '@rope/domain/tasks';

/** A task as the API lists it (apps/api tasks/view.ts). */
export interface TaskView {
  id: number;
  rope: { id: number; name?: string };
  installation?: { id: number; name: string };
  area?: { id: number; name: string };
  event: { id: number } | null;
  assignedUsers: { id: number; name: string }[];
  attributes: TaskAttributes;
  title: string;
  description: string;
  status: string;
  dueAt: string | null;
  pastDue: boolean;
  createdAt: string;
}

export interface TaskNote {
  timestamp: string;
  user: { name: string };
  note: string;
}

export interface AssignableUser {
  id: number;
  email: string;
  name: string;
  roles: Role[];
}
