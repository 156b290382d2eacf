/** The push feature's public surface: other features import only this file. */
export {
  PUSH_QUEUE,
  type Push,
  type PushItem,
  type PushJob,
  pushSubscriber,
  removeSubscriptionsOf,
  renderPush,
  startPush,
  subscribe,
  subscriptionOwner,
  subscriptionsOf,
  unsubscribe,
} from './web-push'
