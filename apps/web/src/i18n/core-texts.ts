// The English texts of CORE_NAMESPACES (texts-contract.ts): the entry's code shows them before anything else loads.
import app from './locales/en-US/app.json';
import areas from './locales/en-US/areas.json';
import auth from './locales/en-US/auth.json';
import common from './locales/en-US/common.json';
import language from './locales/en-US/language.json';
import shell from './locales/en-US/shell.json';

export const coreEnglish = { app, areas, auth, common, language, shell };
