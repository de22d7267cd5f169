// One import per feature file: the English texts ship with the app and type the translation keys.
import app from './locales/en-US/app.json';
import areas from './locales/en-US/areas.json';
import auth from './locales/en-US/auth.json';
import charts from './locales/en-US/charts.json';
import common from './locales/en-US/common.json';
import csv from './locales/en-US/csv.json';
import dashboard from './locales/en-US/dashboard.json';
import documents from './locales/en-US/documents.json';
import enums from './locales/en-US/enums.json';
import events from './locales/en-US/events.json';
import field from './locales/en-US/field.json';
import imprint from './locales/en-US/imprint.json';
import installations from './locales/en-US/installations.json';
import language from './locales/en-US/language.json';
import mandators from './locales/en-US/mandators.json';
import maps from './locales/en-US/maps.json';
import notifications from './locales/en-US/notifications.json';
import openapi from './locales/en-US/openapi.json';
import reports from './locales/en-US/reports.json';
import ropes from './locales/en-US/ropes.json';
import search from './locales/en-US/search.json';
import sensors from './locales/en-US/sensors.json';
import settings from './locales/en-US/settings.json';
import shell from './locales/en-US/shell.json';
import tasks from './locales/en-US/tasks.json';
import truscan from './locales/en-US/truscan.json';
import users from './locales/en-US/users.json';
import validation from './locales/en-US/validation.json';
import webhooks from './locales/en-US/webhooks.json';

export const enUS = {
  app,
  areas,
  auth,
  charts,
  common,
  csv,
  dashboard,
  documents,
  enums,
  events,
  field,
  imprint,
  installations,
  language,
  mandators,
  maps,
  notifications,
  openapi,
  reports,
  ropes,
  search,
  sensors,
  settings,
  shell,
  tasks,
  truscan,
  users,
  validation,
  webhooks,
};
