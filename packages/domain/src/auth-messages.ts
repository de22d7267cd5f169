// Without zod: every screen translates these answers (failureText), the first one included.

/** The texts of the sign-in and account flows, answered by the API as they are. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid username or password',
  passwordExpired: 'Your password has expired. We have sent you a password renewal link to your email address.',
  incorrectCode: 'Incorrect authentication code',
  resetRequested: 'If an account matching your email exists, then an email was just sent...',
  resetFailed: 'Password reset failed, possibly due to the token being expired or invalid',
  resetDone: 'Your password has been set. You can now sign in with it.',
  unsubscribed: 'If this address receives notifications, it will not receive them any more.',
  unsubscribeInvalid: 'The link is invalid',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  noPendingSignIn: 'No sign-in is waiting for a code',
  proofRequired: 'Enter your password or a current authentication code to change two-factor authentication',
  proofIncorrect: 'The password or authentication code is not correct',
  proofCodeSent: 'A code has been sent to your email address.',
  proofCodeNeedsEmailFactor: 'Codes by email are sent only while two-factor authentication uses email',
} as const;
