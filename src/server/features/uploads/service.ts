/** The uploads feature's public surface: other features import only this file. */
export {
  assertOwnUploads,
  IMAGE_PIPELINES,
  imagePipelines,
  removeUploadsOf,
  storeImage,
  thumbnailOf,
  uploadsExport,
} from './images'
