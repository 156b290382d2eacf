/** The users feature's public surface: other features import only this file. */

export {
  accountMails,
  findUserByEmail,
  findUserById,
  meOf,
  resetTokenOwner,
  toMe,
  updateProfile,
  vettingStateOf,
} from './accounts'
export { accountsOnPhone, firstName, markPhoneVerified, setSmsStoppedOnPhone } from './family-phone'
export {
  DELETED_USER_NAME,
  deletedEmailOf,
  deletionConfirmationOf,
  eraseAccount,
  isOwnPassword,
  preferencesExport,
  profileExport,
  sessionsExport,
} from './personal-data'
export {
  emailPreferencesOf,
  mailRecipients,
  notificationPreferencesOf,
  optedInUserIds,
  type SmsRecipient,
  setNotificationPreferences,
  smsRecipients,
} from './preferences'
