/** The contact feature's public surface: other features import only this file. */
export {
  contactMail,
  contactMessagesExport,
  removeContactMessagesOf,
  type StoredContactMessage,
  saveContactMessage,
} from './contact-messages'
