import type { ClaimInput, DeliveryInput, FoodRequestInput } from '../../../shared/schemas/orders'
import { api } from '../../lib/api'

export const ordersApi = {
  claim: (listingId: string, input: ClaimInput) =>
    api<{ id: string }>(`/api/listings/${listingId}/claims`, { body: input }),
  request: (listingId: string, input: FoodRequestInput) =>
    api<{ id: string }>(`/api/listings/${listingId}/food-requests`, { body: input }),
  delivery: (listingId: string, input: DeliveryInput) =>
    api<{ id: string; fee: number }>(`/api/listings/${listingId}/deliveries`, { body: input }),
}
