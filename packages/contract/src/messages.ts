/**
 * Every sentence the portal shows or the API answers with, in one place (spec §5 and §8).
 * Spec quotes are kept verbatim except the 'clininican' typo, which DESIGN.md §5 corrects.
 */
export const MESSAGES = {
  generic: 'Something went wrong!',
  validation: {
    emailRequired: 'Email is required',
    emailInvalid: 'Enter a valid email',
    emailTooLong: 'Email must be at most 254 characters',
    passwordRequired: 'Password is required',
    passwordInvalid: 'Invalid password',
    passwordTooLong: 'Password must be at most 256 characters',
    passwordsDiffer: 'Passwords do not match',
    codeRequired: 'Activation code is required',
    nameRequired: 'Name is required',
    nameTooLong: 'Name must be at most 120 characters',
    nameStartsWithDigit: 'Name must not start with a digit',
    firstNameRequired: 'First name is required',
    firstNameStartsWithDigit: 'First name must not start with a digit',
    lastNameInvalid: 'Last name must not start with a digit',
  },
  account: {
    /**
     * The one answer to every refused sign-in (unknown account, wrong password, participant,
     * suspended or pending account), so it reveals none of them. The envelope's sentence and
     * the password field's message (the spec §8 words, shown on the field).
     */
    signInRefused: 'The email or password is incorrect.',
    invalidPassword: 'Invalid password',
    /**
     * With OIDC_ONLY=true, the one answer to every refused password sign-in instead, so it
     * reveals neither the account nor its role (only administrators keep passwords then).
     */
    signInRefusedSsoOnly:
      'The email or password is incorrect, or this account signs in with single sign-on: passwords are kept for administrators.',
    /** Set-password with a valid code for an account that signs in through the provider only. */
    passwordNotForAccount:
      'This account signs in with single sign-on, so it cannot have a portal password.',
    tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
    codeSent: 'Activation code sent successfully',
    passwordSet: 'Password set successfully',
    codeInvalid: 'The activation code is invalid or has expired.',
    refreshInvalid: 'Your session has expired. Please log in again.',
    loggedOut: 'You have been logged out.',
  },
  auth: {
    unauthenticated: 'You need to log in to do this.',
    tokenInvalid: 'Your session is not valid. Please log in again.',
    forbidden: 'You do not have permission to do this.',
    csrfRejected: 'The request was refused because its X-XSRF-TOKEN header is missing or wrong.',
  },
  participants: {
    fetchError: 'Error fetching participants',
    inviteSuccess: 'Successfully added a new user.',
    suspendSuccess: 'Successfully suspended the participant.',
    suspendErrorList: 'Error suspending the participant.',
    suspendErrorDetail: 'Error in suspending the participant.',
    reactivateSuccess: 'Reactivated successfully.',
    reactivateError: 'Error in reactivating participant.',
    remindSuccess: 'Reminder sent successfully.',
    remindError: 'Error sending the reminder.',
    deleteSuccess: 'Successfully deleted the participant.',
    deleteError: 'Error in deleting the participant.',
    typeUpdateSuccess: 'Successfully updated user type.',
    confirmDeleteTitle: 'Do you want to delete this account?',
    confirmDeleteBody: 'This action cannot be undone.',
    confirmSuspendTitle: 'Do you want to suspend this account?',
  },
  nudges: {
    fetchError: 'Error fetching nudges',
  },
  coach: {
    fetchError: 'Error fetching coach conversations',
  },
  digitalTwin: {
    membershipFetchError: 'Error fetching membership data',
  },
  clinicians: {
    addSuccess: 'Successfully added clinician.',
    updateSuccess: 'Successfully updated clinician details.',
  },
  http: {
    notFound: 'There is nothing at this address.',
    malformedJson: 'The request body is not valid JSON.',
    invalidText: 'Text must not contain NUL characters or unpaired surrogates',
    unsupportedMediaType: 'The request body must be sent as application/json.',
    payloadTooLarge: 'The request body is too large.',
    rateLimited: 'Too many requests. Please slow down and try again shortly.',
    databaseUnavailable: 'The database is unavailable right now. Please try again shortly.',
    databaseTimeout: 'The database took too long to answer. Please try again shortly.',
    internal: 'Something went wrong on the server. Please try again.',
  },
} as const;
