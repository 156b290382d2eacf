/** The sms feature's public surface: other features import only this file. */

export { removeSmsOf, type Sms, smsExport, smsSubscriber, startSms } from './channel'
export { failedSms } from './log'
export { latestSms } from './messages'
export { type CodeCaps, confirmPhoneCode, sendPhoneCode } from './phone-codes'
