/** The stories feature's public surface: other features import only this file. */
export { forgetStoryPhotosOf, storiesExport } from './personal-data'
export { createStory, getStory, latestStories, listStories, setLike, updateStory } from './stories'
