/** The card menu's ⋮ button, the same before and after its menu code has loaded (ListingCardMenu). */
export const cardMenuTriggerClass =
  'flex size-11 items-center justify-center rounded-full bg-white/90 text-gray-800 shadow hover:bg-white'
