// The messages without zod: a screen shows a message by key before any form (and zod) has loaded.

/**
 * The rules' messages by stable key, in English with {{placeholders}}. A failed rule carries its key and
 * parameters (a zod issue's `params`, an API answer's `key`/`params` and `fieldKeys`); the API answers the English
 * text beside them for integrators, the web shows the key's text in the user's language (the locale files hold
 * every key here in all languages).
 */
export const MESSAGES = {
  'validation.required': 'A value needs to be provided for the field',
  'validation.selectRequired': 'A value needs to be selected for the field',
  'validation.invalid': 'This value is not valid',
  'validation.invalidNumber': 'Enter a number',
  'validation.invalidDate': 'Enter a valid date',
  'validation.invalidDateTime': 'Enter a valid date and time',
  'validation.min': 'At least {{min}}',
  'validation.max': 'At most {{max}}',
  'validation.positive': 'Enter a number greater than 0',
  'validation.between': 'Between {{min}} and {{max}}',
  'validation.tooShort': 'At least {{min}} characters',
  'validation.textTooLong': 'At most {{max}} characters',
  'validation.minItems': 'Choose at least {{min}}',
  'validation.maxItems': 'At most {{max}} entries',
  'validation.decimalNumber': 'Expected a decimal number',
  'validation.wholeNumberDigits': 'Expected a whole number in decimal digits',
  'validation.wholeNumberMin': 'Expected a whole number from {{min}}',
  'validation.wholeNumberMax': 'Expected a whole number up to {{max}}',
  'validation.idNumber': 'Expected an id (a whole number)',
  'validation.idDigits': 'Expected an id in decimal digits',
  'validation.idMin': 'Expected an id from {{min}}',
  'validation.idMax': 'Expected an id up to {{max}}',
  'validation.passwordBlankEdges': "Your password can't start or end with a blank space",
  'validation.passwordMinLength': 'Password must be at least {{min}} characters',
  'validation.passwordMaxLength': 'Password must be at most {{max}} characters',
  'validation.passwordWeak': 'Password must contain letters and at least one digit or symbol',
  'validation.emailInvalid': 'Please enter a valid email address',
  'validation.emailTooLong': 'Email must be at most {{max}} characters',
  'validation.phoneInvalid': 'Phone number may contain only digits, spaces, +, -, / and brackets',
  'validation.phoneCountryCode': 'Enter the number with its country code, e.g. +41 79 123 45 67',
  'validation.samlProviderRequired': 'A SAML provider needs to be selected for single sign-on',
  'validation.loginMethodNotAllowed': 'This sign-in method is not available for this role or email address',
  'validation.nonUniqueType': 'Non unique type',
  'validation.channelRequired': 'Choose at least one channel for the rules to be sent on',
  'validation.recipientRequired': 'Choose at least one recipient for the rules to be sent to',
  'validation.expiryDaysRange': 'Enter a whole number of days from {{min}} to {{max}}',
  'validation.zoomRange': 'Enter a zoom from {{min}} to {{max}} in steps of {{step}}',
  'validation.baseLayerRequired': 'Choose at least one base layer',
  'validation.yearRange': 'Enter a year from {{min}} to {{max}}',
  'validation.folderTranslationRequired': 'A translation is required for every language',
  'validation.locationRequired': 'A document needs at least one language',
  'validation.locationLanguages': 'Languages are ENU, DES, FRS, ESP, comma-separated',
  'events.validation.typeMismatch': 'Type {{type}} is not a {{recordingType}} type',
  'events.validation.futureTimestamp': 'The event cannot lie in the future',
  'events.validation.repairPieceRange': 'A repair piece needs a start and an end position',
  'events.validation.lengthChangeSign': 'A shortening is negative, an extension positive',
  'events.validation.spliceEndsBeforeStart': 'The splice ends before it starts',
  'tasks.validation.dueConditionPeriod': 'A due condition cannot be a period',
  'tasks.validation.onePeriod': 'Only one period can be set',
  'tasks.validation.internalNotAllowed': 'Only admins and project managers may mark a task internal',
  'tasks.validation.internalAssignees': 'An internal task goes to internal users only',
  'tasks.validation.externalAssignees': 'An external task goes to external users only',
  'tasks.validation.notAssignable': 'Assignees must be people who can see this rope',
  'app.errors.notFound': 'Not found',
  'app.errors.forbidden': 'You are not allowed to do this',
  'app.errors.noSuchArea': 'No such area',
  'app.errors.noSuchInstallation': 'No such installation',
  'app.errors.noSuchRope': 'No such rope',
  'app.errors.noSuchEvent': 'No such event',
  'app.errors.noSuchTask': 'No such task',
  'app.errors.noSuchUser': 'No such user',
  'app.errors.userNotFound': 'User not found',
  'app.errors.mandatorNotFound': 'Mandator not found',
  'app.errors.unknownIdentityProvider': 'Unknown identity provider',
  'app.errors.noPicture': 'No picture',
  'app.errors.noMapImage': 'This installation has no map image',
  'app.errors.editUserForbidden': 'You are not allowed to edit this user',
  'app.errors.ownPictureOnly': 'You may change only your own picture',
  'app.errors.viewAsForbidden': 'You are not allowed to view data as another user',
  'app.errors.personOnly': 'This call needs a signed-in person',
  'app.errors.placeInstallationAdminOnly': 'Only admins place installations on the map',
  'app.errors.drawRopeAdminOnly': 'Only admins draw ropes on the map',
  'app.errors.fieldsForbidden': 'You may not change {{fields}}',
  'app.errors.fieldsAdminOnly': 'Only admins may change {{fields}}',
  'app.errors.noSuchDocument': 'No such document',
  'app.errors.noSuchFolder': 'No such folder',
  'app.errors.noSuchProject': 'No such project',
  'app.errors.documentLanguageMissing': 'This document is not available in {{language}}',
  'app.errors.documentFileMissing': 'The file of this document is missing',
  'app.errors.folderNotEmpty':
    'Only an empty folder can be deleted: move or delete its documents and sub-folders first',
  'app.errors.documentWrongType':
    'A document must be a PDF, an image (JPEG, PNG, GIF, WebP, TIFF), a video (MP4, WebM, QuickTime), an office file or plain text',
  'app.errors.documentExternalDelete': 'Documents from the external document system cannot be deleted here',
  'app.errors.folderCycle': 'A folder cannot be moved into itself or one of its sub-folders',
  'app.errors.documentTooLarge': 'A document may be at most {{max}}',
  'app.errors.documentTooMany': 'At most {{max}} files can be uploaded at once',
  'app.errors.uploadFieldsFirst': 'Send targetType, targetId and location before the files',
  'app.errors.uploadNeedsFiles': 'Choose at least one file to upload',
  'app.errors.documentEmpty': 'The file {{name}} is empty',
  'app.errors.importOneFile': 'Send the fields first, then exactly one file',
  'auth.messages.invalidCredentials': 'Invalid username or password',
  'auth.messages.passwordExpired':
    'Your password has expired. We have sent you a password renewal link to your email address.',
  'auth.messages.incorrectCode': 'Incorrect authentication code',
  'auth.messages.resetRequested': 'If an account matching your email exists, then an email was just sent...',
  'auth.messages.resetFailed': 'Password reset failed, possibly due to the token being expired or invalid',
  'auth.messages.resetDone': 'Your password has been set. You can now sign in with it.',
  'auth.messages.unsubscribed': 'If this address receives notifications, it will not receive them any more.',
  'auth.messages.unsubscribeInvalid': 'The link is invalid',
  'auth.messages.tooManyAttempts': 'Too many attempts. Please try again later.',
  'auth.messages.noPendingSignIn': 'No sign-in is waiting for a code',
  'auth.messages.proofRequired':
    'Enter your password or a current authentication code to change two-factor authentication',
  'auth.messages.proofIncorrect': 'The password or authentication code is not correct',
  'auth.messages.proofCodeSent': 'A code has been sent to your email address.',
  'auth.messages.proofCodeNeedsEmailFactor': 'Codes by email are sent only while two-factor authentication uses email',
  'validation.rangeOrder': 'The start must lie before the end',
  'sensors.validation.plotlineName': 'A plotline with a position needs a name',
  'sensors.validation.plotlinePosition': 'A plotline with a name needs a position',
  'sensors.validation.yRange': 'The top of the chart must lie above its bottom',
  'sensors.validation.foreignSensor': 'Sensor {{sensor}} is not a sensor of this device',
  'app.errors.noSuchSensorDevice': 'No such sensor device',
  'app.errors.noSuchSensor': 'No such sensor',
  'app.errors.noSuchSmartrope': 'No such smartrope',
  'app.errors.eventStreamOnly': 'This call streams Server-Sent Events: ask with Accept: text/event-stream',
  'app.errors.noSuchTruscanRequest': 'No such measurement request',
  'app.errors.noSuchSmartropeEvent': 'No such smartrope event',
  'app.errors.smartropeUuidTaken': 'Another smartrope has this fabrication number',
  'app.errors.smartropeEventTaken': 'The smartrope has an event of this sensor at this time already',
  'app.errors.meaNotTruscan': 'The file {{name}} is not a TRUscan measurement file (.mea)',
  'app.errors.meaVersion':
    'The file {{name}} is in TRUscan format version {{version}}; version {{supported}} can be read',
  'app.errors.meaBitDepth': 'The file {{name}} holds {{bitDepth}}-bit samples; 12 and 24 bit can be read',
  'app.errors.meaChannels': 'The file {{name}} declares {{channels}} channels; 1 to {{max}} can be read',
  'app.errors.meaNoSamples': 'The file {{name}} holds no samples',
  'app.errors.meaTooManySamples':
    'The file {{name}} declares {{samples}} samples per channel; at most {{max}} can be read',
  'app.errors.meaField': 'The file {{name}} has an invalid {{field}}',
  'app.errors.meaLength':
    'The file {{name}} should be {{expected}} bytes long but is {{actual}}: it is cut short or damaged',
  'app.errors.meaChecksum': 'The samples of {{name}} do not match its checksum: the file is damaged',
  'app.errors.meaFuture': 'The file {{name}} was recorded at {{recordedAt}}, in the future: check the device clock',
  'app.errors.meaTooLarge': 'A TRUscan file may be at most {{max}}',
  'app.errors.noMrtTrace': 'This event has no TRUscan measurement file',
  'app.errors.noSuchMrtCandidate': 'The measurement has no damage candidate at sample {{index}}',
  'app.errors.mrtCandidateConfirmed': 'This damage candidate was confirmed already',
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type MessageParams = Readonly<Record<string, string | number>>;

/** A rule's message: its key and the values its text names. */
export interface Message {
  key: MessageKey;
  params?: MessageParams;
}

export const MESSAGE_KEYS = Object.keys(MESSAGES) as MessageKey[];

export function isMessageKey(key: unknown): key is MessageKey {
  return typeof key === 'string' && Object.hasOwn(MESSAGES, key);
}

export function message(key: MessageKey, params?: MessageParams): Message {
  return params ? { key, params } : { key };
}

/** The English text of a message, its {{placeholders}} filled in. */
export function englishText({ key, params }: Message): string {
  return MESSAGES[key].replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) =>
    params && name in params ? String(params[name]) : whole,
  );
}
