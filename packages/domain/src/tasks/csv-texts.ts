import type { Language } from '../languages.ts';
import type { INSPECTION_TYPES, TASK_COMPONENTS, TASK_STATUSES } from './kinds.ts';

/** The columns a task file may have: the ones an upload reads, then the ones only the export writes. */
export const TASK_IMPORT_COLUMNS = [
  'ropeId',
  'title',
  'description',
  'status',
  'dueAt',
  'dueCycles',
  'component',
  'inspectionType',
] as const;
export const TASK_EXPORT_COLUMNS = [
  'ropeId',
  'rope',
  'installation',
  'area',
  'title',
  'description',
  'status',
  'dueAt',
  'dueCycles',
  'pastDue',
  'component',
  'inspectionType',
  'assignees',
  'createdAt',
] as const;
export type TaskCsvColumn = (typeof TASK_EXPORT_COLUMNS)[number];

export interface TaskCsvTexts {
  columns: Record<TaskCsvColumn, string>;
  status: Record<(typeof TASK_STATUSES)[number], string>;
  component: Record<(typeof TASK_COMPONENTS)[number], string>;
  inspectionType: Record<(typeof INSPECTION_TYPES)[number], string>;
  /** The example task of the template. */
  example: { title: string; description: string };
}

/**
 * A task file's headers and labels in each language, as the screens name them (a web test holds the labels to the
 * screens' texts). An upload reads them in every language, so a file travels between colleagues.
 */
export const TASK_CSV_TEXTS: Record<Language, TaskCsvTexts> = {
  'en-US': {
    columns: {
      ropeId: 'Rope ID',
      rope: 'Rope',
      installation: 'Installation',
      area: 'Area',
      title: 'Title',
      description: 'Description',
      status: 'Status',
      dueAt: 'Due',
      dueCycles: 'Due at bending cycles',
      pastDue: 'Past due',
      component: 'Component',
      inspectionType: 'Inspection type',
      assignees: 'Assigned to',
      createdAt: 'Created',
    },
    status: { new: 'New', 'in-progress': 'In progress', done: 'Finished' },
    component: { rope: 'Rope', splice: 'Splice', truscan: 'TRUscan' },
    inspectionType: { 'A (1 m/s)': 'A (1 m/s)', 'B (0 m/s)': 'B (0 m/s)', 'C (0.3 m/s)': 'C (0.3 m/s)' },
    example: { title: 'Magnetic rope test', description: 'Annual magnetic rope test (MRT) of the whole rope' },
  },
  'de-DE': {
    columns: {
      ropeId: 'Seil-ID',
      rope: 'Seil',
      installation: 'Anlage',
      area: 'Gebiet',
      title: 'Titel',
      description: 'Beschreibung',
      status: 'Status',
      dueAt: 'Fällig',
      dueCycles: 'Fällig bei Biegewechseln',
      pastDue: 'Überfällig',
      component: 'Komponente',
      inspectionType: 'Prüfungsart',
      assignees: 'Zugewiesen an',
      createdAt: 'Erstellt',
    },
    status: { new: 'Neu', 'in-progress': 'In Bearbeitung', done: 'Erledigt' },
    component: { rope: 'Seil', splice: 'Spleiß', truscan: 'TRUscan' },
    inspectionType: { 'A (1 m/s)': 'A (1 m/s)', 'B (0 m/s)': 'B (0 m/s)', 'C (0.3 m/s)': 'C (0.3 m/s)' },
    example: {
      title: 'Magnetinduktive Seilprüfung',
      description: 'Jährliche magnetinduktive Prüfung (MRT) des ganzen Seils',
    },
  },
  'fr-FR': {
    columns: {
      ropeId: 'ID du câble',
      rope: 'Câble',
      installation: 'Installation',
      area: 'Zone',
      title: 'Titre',
      description: 'Description',
      status: 'Statut',
      dueAt: 'Échéance',
      dueCycles: 'Échéance en cycles de flexion',
      pastDue: 'En retard',
      component: 'Composant',
      inspectionType: "Type d'inspection",
      assignees: 'Attribuée à',
      createdAt: 'Créée',
    },
    status: { new: 'Nouvelle', 'in-progress': 'En cours', done: 'Terminée' },
    component: { rope: 'Câble', splice: 'Épissure', truscan: 'TRUscan' },
    inspectionType: { 'A (1 m/s)': 'A (1 m/s)', 'B (0 m/s)': 'B (0 m/s)', 'C (0.3 m/s)': 'C (0.3 m/s)' },
    example: { title: 'Contrôle magnétique du câble', description: 'Contrôle magnétique annuel (MRT) du câble entier' },
  },
  'es-ES': {
    columns: {
      ropeId: 'ID del cable',
      rope: 'Cable',
      installation: 'Instalación',
      area: 'Área',
      title: 'Título',
      description: 'Descripción',
      status: 'Estado',
      dueAt: 'Vencimiento',
      dueCycles: 'Vencimiento en ciclos de flexión',
      pastDue: 'Vencida',
      component: 'Componente',
      inspectionType: 'Tipo de inspección',
      assignees: 'Asignada a',
      createdAt: 'Creada',
    },
    status: { new: 'Nueva', 'in-progress': 'En curso', done: 'Finalizada' },
    component: { rope: 'Cable', splice: 'Empalme', truscan: 'TRUscan' },
    inspectionType: { 'A (1 m/s)': 'A (1 m/s)', 'B (0 m/s)': 'B (0 m/s)', 'C (0.3 m/s)': 'C (0.3 m/s)' },
    example: { title: 'Ensayo magnético del cable', description: 'Ensayo magnético anual (MRT) de todo el cable' },
  },
};
