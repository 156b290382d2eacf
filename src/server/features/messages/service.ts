/** The messages feature's public surface: other features import only this file. */

export {
  eraseMessagesOf,
  messagesExport,
  postMessage,
  readThread,
  threadAround,
  threadFor,
  writerOf,
} from './conversations'
export { scheduleMessageDigests } from './digest'
export { latestOpenThreadOf, type Thread } from './threads'
