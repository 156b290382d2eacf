import { isDistrictName } from '../../../shared/districts'
import type { CreateListingInput } from '../../../shared/schemas/listing-input'
import type { Me } from '../../../shared/schemas/users'

/** The wizard's steps; the fields each checks are DONATE_STEP_FIELDS. */
export const DONATE_STEPS = ['details', 'pickup', 'safety', 'review'] as const

/** A blank donation, picked up in the donor's own district. */
export function emptyDonation(me: Me): CreateListingInput {
  return {
    title: '',
    categoryId: '',
    description: '',
    quantity: undefined as unknown as number,
    type: 'free',
    price: undefined,
    imageUrls: [],
    allergens: [],
    dietary: [],
    preparationNotes: '',
    preparedAt: '',
    storage: '',
    pickupAddress: '',
    pickupCity: '',
    pickupDistrict: (me.district && isDistrictName(me.district)
      ? me.district
      : '') as CreateListingInput['pickupDistrict'],
    pickupPostalCode: '',
    pickupDate: '',
    pickupTimeStart: '',
    expiryDate: '',
    expiryTime: '',
    deliveryRequested: false,
    institutionsFirst: true,
    // How recipients may reach the donor, prefilled from the profile: the phone when there is one.
    sharePhone: Boolean(me.phone),
    contactPhone: me.phone ?? '',
    shareEmail: !me.phone,
    contactEmail: me.email,
    safetyChecklist: {
      freshness: false,
      properStorage: false,
      hygieneStandards: false,
      labelingComplete: false,
    } as unknown as CreateListingInput['safetyChecklist'],
  }
}
