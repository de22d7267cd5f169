// The task choices and limits, without zod: the tasks table reads them before any form loads.

export const TASK_STATUSES = ['new', 'in-progress', 'done'] as const;
/** The statuses of a task still to be done: the dashboard's open tasks, due reminders, the open filter. */
export const OPEN_TASK_STATUSES = ['new', 'in-progress'] as const satisfies readonly (typeof TASK_STATUSES)[number][];
export const TASK_COMPONENTS = ['rope', 'splice', 'truscan'] as const;
export const INSPECTION_TYPES = ['A (1 m/s)', 'B (0 m/s)', 'C (0.3 m/s)'] as const;
export const CONDITION_TYPES = ['bendingCycles', 'periodDays', 'periodWeeks', 'periodMonths', 'periodYears'] as const;
export const PERIOD_TYPES = ['periodDays', 'periodWeeks', 'periodMonths', 'periodYears'] as const;
export const TASK_TITLE_MAX = 200;
export const TASK_TEXT_MAX = 65_536;
