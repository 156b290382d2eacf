/** The own-data API (docs/decisions/0039-own-data.md) and where a deleted account lands, signed out (routes.tsx). */
export const DATA_PATH = '/api/me/data'
export const DELETION_PATH = '/api/me/deletion'
export const ACCOUNT_DELETED_PATH = '/account-deleted'
