// One import per feature file: the English texts ship with the app and type the translation keys.
import app from './locales/en-US/app.json';
import health from './locales/en-US/health.json';
import language from './locales/en-US/language.json';
import start from './locales/en-US/start.json';

export const enUS = { app, health, language, start };
