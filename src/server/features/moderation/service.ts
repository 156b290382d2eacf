/** The moderation feature's public surface: other features import only this file. */

export { createModeration, type Moderation, recordAccountDecision } from './moderation'
export { moderationExport } from './personal-data'
export { appointAdministrators } from './roles'
